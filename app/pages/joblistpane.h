// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "jobsource.h"
#include "tableexportview.h"

#include <QWidget>

#include <functional>

class JobListModel;
class JobTableProxy;
class QLabel;
class QTableView;
class QlessSession;
class TableExportButton;

// The job half of the Failed, Tracked, Tags and Workers pages: a heading ("IOError: 1,234 jobs,
// 200 loaded"), the jobs of one source paged in as the view scrolls, and the columns that page
// wants. Enter or a double-click on a row asks for that job (jobActivated). "Export CSV…" beside
// the heading writes the whole list, once the page has said which one (setExportView).
class JobListPane final : public QWidget
{
    Q_OBJECT

public:
    explicit JobListPane(QlessSession *session, QWidget *parent = nullptr);

    JobListModel *model() const { return m_model; }
    JobTableProxy *proxy() const { return m_proxy; }
    QTableView *view() const { return m_view; }
    QLabel *headingLabel() const { return m_heading; }
    TableExportButton *exportButton() const { return m_export; }

    // A last column's width: it takes what the others leave, and the operator can still drag it
    // (a stretched one, width 0, stays as wide as the room left).
    static constexpr int RestOfRow = -1;
    // Shows these columns of JobListModel, in this order, with these widths (0: stretch).
    void setColumns(const QList<QPair<int, int>> &columnsAndWidths);
    // `heading` names the list ("Failure group IOError"); counts are added to it.
    void setSource(const JobSource &source, const QString &heading);
    // The list "Export CSV…" writes, as `export-table` names it; nullopt hides the button.
    void setExportView(const std::optional<TableExportView> &view);
    // Shows `text` where the list would be (nothing chosen yet).
    void clear(const QString &text);
    // Reads again what is loaded; `done(ok)` once the reply is in.
    void refresh(std::function<void(bool ok)> done);
    // The job under the cursor, if any.
    std::optional<Job> currentJob() const;

signals:
    void jobActivated(const QByteArray &jid);
    void currentJobChanged();

private:
    void updateHeading();

    // Before the button, which reads it as it is made.
    std::optional<TableExportView> m_exportView;
    JobListModel *m_model;
    JobTableProxy *m_proxy;
    QTableView *m_view;
    QLabel *m_heading;
    TableExportButton *m_export;
    QString m_headingText;
};
