// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"
#include "refreshjoin.h"

#include <functional>

class JobListPane;
class QAbstractItemModel;
class QHBoxLayout;
class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

// A page of things and their jobs (Failed: failure groups; Workers; Tags): a sorted list on the
// left under a bold heading, and beside it the jobs of the item chosen (a JobListPane); a refresh
// reads both. The cursor, a click or Enter on a row chooses it; the choice survives a refresh
// with its row selected, and a row that vanishes does not choose the neighbour the view moves
// its cursor to. A page says what its list is (setList), how an item's jobs are listed
// (showJobsOf) and lays its halves out (layOut); its columns, headings and buttons stay its own.
class MasterDetailPage : public Page
{
    Q_OBJECT

public:
    void refresh(std::function<void(bool ok)> done) override;

    QTableView *listView() const { return m_listView; }
    JobListPane *jobPane() const { return m_jobs; }
    // The bold line above the list: what it is, or its counts.
    QLabel *listHeading() const { return m_listHeading; }

protected:
    MasterDetailPage(QlessSession *session, QWidget *parent);

    // The list: a KeyedTableModel with refresh(done), lastError() and refreshed(). Its view is
    // called `name` (the key its columns are remembered by) and, for a screen reader,
    // `accessibleName` and `description`. Called once, from the page's constructor, before the
    // model has rows: the guard against a vanishing row has to hear of a removal before the
    // sorting proxy does.
    template<typename Model>
    void setList(Model *model, const QString &name, const QString &accessibleName, const QString &description)
    {
        m_rowOf = [model](const QString &key) { return model->rowOf(key); };
        m_refreshList = [model](const RefreshJoin::Part &done) {
            model->refresh([model, done] { done(model->lastError().isEmpty()); });
        };
        setListModel(model, Model::SortRole, Model::KeyRole);
        nameList(name, accessibleName, description);
        connect(model, &Model::refreshed, this, &MasterDetailPage::selectChosenRow);
    }

    // Puts `widget` (a button) at the end of the list's heading row.
    void addBesideListHeading(QWidget *widget);
    // The list with its heading on the left, `detail` (the job pane, or a widget holding it) on
    // the right. The splitter is the page's to name (its sizes are remembered by that name) and
    // to proportion.
    QSplitter *layOut(QWidget *detail);

    // Lists `key`'s jobs, unless they are listed already, and selects its row.
    void choose(const QString &key);
    QString chosen() const { return m_chosen; }
    // The chosen item is gone: nothing is chosen, and the job pane says `why` instead of jobs.
    void leaveChosen(const QString &why);
    // Selects the chosen item's row (none while it is not listed).
    void selectChosenRow();

    // Points the job pane at `key`'s jobs: its source, heading and export.
    virtual void showJobsOf(const QString &key) = 0;

private:
    void setListModel(QAbstractItemModel *model, int sortRole, int keyRole);
    void nameList(const QString &name, const QString &accessibleName, const QString &description);

    QSortFilterProxyModel *m_sorted;
    QTableView *m_listView;
    QWidget *m_listSide; // the list under its heading row
    QLabel *m_listHeading;
    QHBoxLayout *m_listHeadingRow;
    JobListPane *m_jobs;
    std::function<int(const QString &key)> m_rowOf;
    std::function<void(const RefreshJoin::Part &done)> m_refreshList;
    int m_keyRole = 0;
    QString m_chosen;
    bool m_listRemoving = false;
};
