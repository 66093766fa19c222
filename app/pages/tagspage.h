// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "masterdetailpage.h"

class TagListModel;

// Tags: the tags in use, most used first, with their job counts (paged in as the list scrolls);
// a chosen tag's jobs paged in beside them.
class TagsPage final : public MasterDetailPage
{
    Q_OBJECT

public:
    explicit TagsPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Tags"); }

    // Lists the tag's jobs and selects it in the list (the search field uses this).
    void showTag(const QString &tag) { choose(tag); }
    QString currentTag() const { return chosen(); }

    TagListModel *tagModel() const { return m_tags; }
    QTableView *tagView() const { return listView(); }

private:
    void showJobsOf(const QString &tag) override;

    TagListModel *m_tags;
};
