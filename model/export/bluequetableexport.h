// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequeexportrows.h"
#include "bluequereservedlists.h"
#include "bluequetypes.h"
#include "qlessreply.h"
#include "tablerowreader.h"

#include <QHash>
#include <QSet>

#include <functional>

class BluequeClient;
class BluequeSession;

// Reads one of Blueque's tables whole (export-table's blueque-queues, blueque-tasks,
// blueque-listeners) and hands its rows out as TableExport does for qless's: through
// BluequeClient's bounded calls only (a window of 100 queues, a page of 100 tasks, one SSCAN or
// SCAN step), one call at a time, never everything in one reply. It first checks that the server
// holds Blueque at all (TYPE blueque_queues) and that a named queue is listed in blueque_queues,
// so a typo is said, not written as an empty file. A task's parameters and error come whole: a
// row whose text the page cut (lua/blueque/taskpage.lua keeps 200 bytes) is read again whole
// (taskrecord). A task moving between pages is written once; one that moved ahead of the pages
// read may be missed, as in any list read while it changes.
class BluequeTableExport final : public TableRowReader
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BluequeTableExport)

public:
    static constexpr int PageSize = 100; // taskpage.lua's cap

    // `session` must outlive this.
    BluequeTableExport(BluequeSession *session, const TableExportView &view, QObject *parent = nullptr);

    QStringList header() const override;

private:
    void read() override;
    using Rows = QList<BluequeTaskRow>;

    void readQueues();
    void withQueues(const QList<BluequeQueue> &queues);
    // One state's tasks, page after page (for started, `at` is the SSCAN cursor).
    void readTasks(const QString &state, const QByteArray &at, const QString &listener, std::function<void()> then);
    void readReservedOf(const QList<QString> &listeners, int index);
    // Fills in the texts the page cut, one taskrecord call a row that needs it, then `then`.
    void completeTexts(const std::shared_ptr<Rows> &rows, int index, std::function<void()> then);
    void readListeners();
    void readListenersOf(int queueIndex);
    void countStarted(int queueIndex, const QByteArray &cursor);
    void countReserved(int queueIndex, int listIndex, qint64 offset);
    void deliverListeners(int queueIndex);

    BluequeSession *m_session;
    BluequeClient *m_client;
    qint64 m_total = -1;
    QSet<QByteArray> m_seen;           // task ids written
    QHash<QByteArray, QString> m_full; // id -> whole parameters / error, read for cut rows
    QHash<QByteArray, QString> m_fullError;
    QStringList m_queueNames;
    BluequeReservedLists::Lists m_reservedLists; // every queue's (blueque-listeners)
    QList<BluequeListenerRow> m_listeners;       // of the queue being read (blueque-listeners)
};
