// SPDX-License-Identifier: GPL-3.0-or-later
#include "taglistmodel.h"

#include "qlessclient.h"

#include <QLocale>

TagListModel::TagListModel(QlessClient *client, QObject *parent)
    : KeyedTableModel<TagCount>(parent)
    , m_client(client)
{}

void TagListModel::setInFlight(bool inFlight)
{
    if (m_inFlight == inFlight)
        return;
    m_inFlight = inFlight;
    emit loadingChanged(inFlight);
}

bool TagListModel::canFetchMore(const QModelIndex &parent) const
{
    // Before the first refresh there is nothing to page on from: refresh() loads the first page.
    return !parent.isValid() && m_loadedOnce && !m_inFlight && canPageOn();
}

void TagListModel::fetchMore(const QModelIndex &parent)
{
    // Views (and QAbstractItemModelTester) call this unasked: only page on from a loaded list.
    if (!canFetchMore(parent))
        return;
    setInFlight(true);
    const int asked = pageSize();
    m_client->trackedTagReads().topTags(rowCount(), asked, this,
                                        [this, asked](const QlessReply<QList<TagCount>> &reply) {
                                            setInFlight(false);
                                            if (!reply.ok()) {
                                                m_lastError = reply.error.message;
                                                emit loadFailed(m_lastError);
                                                return;
                                            }
                                            m_lastError.clear();
                                            appendPage(asked, int(reply.value.size()), reply.value);
                                        });
}

void TagListModel::refresh(std::function<void()> done)
{
    if (m_inFlight) {
        if (done)
            done();
        return;
    }
    setInFlight(true);
    // Plain variables, not a structured binding: lambdas below capture them (clang 14 refuses
    // to capture a binding, and the fuzz build uses clang).
    const QPair<int, int> window = refreshWindow();
    const int offset = window.first;
    const int count = window.second;
    m_client->trackedTagReads().topTags(offset, count, this,
                                        [this, done, offset, count](const QlessReply<QList<TagCount>> &reply) {
                                            setInFlight(false);
                                            if (reply.ok()) {
                                                m_lastError.clear();
                                                m_loadedOnce = true;
                                                applyRefresh(offset, count, reply.value, int(reply.value.size()));
                                                emit refreshed();
                                            } else {
                                                m_lastError = reply.error.message;
                                                emit loadFailed(m_lastError);
                                            }
                                            if (done)
                                                done();
                                        });
}

int TagListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TagListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole && section == CountColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TagColumn: return tr("Tag");
    case CountColumn: return tr("Jobs");
    default: return {};
    }
}

QVariant TagListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const TagCount &row = rowAt(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == TagColumn ? QVariant(row.tag) : QVariant(QLocale().toString(row.count));
    case SortRole: return index.column() == TagColumn ? QVariant(row.tag) : QVariant(row.count);
    case KeyRole: return row.tag;
    case FreshRole: return isFresh(index.row());
    case Qt::ToolTipRole:
        if (isFresh(index.row()))
            return {};
        return tr("Not read again since it was out of view: as it was when last read.");
    case Qt::TextAlignmentRole:
        return index.column() == CountColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    default: return {};
    }
}
