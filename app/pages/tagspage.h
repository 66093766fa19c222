#pragma once

#include "page.h"

class JobListPane;
class QLabel;
class QSortFilterProxyModel;
class QTableView;
class TagListModel;

// Tags: the tags in use, most used first, with their job counts (paged in as the list scrolls);
// a chosen tag's jobs paged in beside them.
class TagsPage final : public Page
{
    Q_OBJECT

public:
    explicit TagsPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Tags"); }
    void refresh(std::function<void(bool ok)> done) override;

    // Lists the tag's jobs and selects it in the list (the search field uses this).
    void showTag(const QString &tag);
    QString currentTag() const { return m_tag; }

    TagListModel *tagModel() const { return m_tags; }
    QTableView *tagView() const { return m_tagView; }
    JobListPane *jobPane() const { return m_jobs; }

private:
    void selectTagRow();

    TagListModel *m_tags;
    QSortFilterProxyModel *m_sortedTags;
    QTableView *m_tagView;
    JobListPane *m_jobs;
    QString m_tag;
    bool m_tagsRemoving = false;
};
