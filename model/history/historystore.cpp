// SPDX-License-Identifier: GPL-3.0-or-later
#include "historystore.h"

#include "historyworker.h"
#include "recorderlock.h"

#include <QAtomicInteger>
#include <QMetaObject>

namespace {
// QSqlDatabase connections are named process-wide: one name per store.
QString nextConnectionName()
{
    static QAtomicInteger<quint64> counter;
    return QStringLiteral("qlessdesk-history-%1").arg(++counter);
}

template<typename Result>
void answer(QObject *context, std::function<void(const Result &)> done, const Result &result)
{
    if (!context || !done)
        return;
    // Queued to the context: dropped with it if it is gone by then.
    QMetaObject::invokeMethod(
        context, [done = std::move(done), result] { done(result); }, Qt::QueuedConnection);
}
} // namespace

HistoryStore::HistoryStore(const QString &path, Mode mode, const HistoryPolicy &policy, QObject *parent)
    : QObject(parent)
    , m_path(path)
    , m_policy(policy)
{
    bool writer = false;
    if (mode == Mode::Record) {
        m_lock = std::make_unique<RecorderLock>(path);
        writer = m_lock->tryLock();
    }
    m_thread.setObjectName(QStringLiteral("history"));
    m_worker = new HistoryWorker(path, nextConnectionName(), policy);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &HistoryWorker::problem, this, &HistoryStore::onProblem);
    connect(m_worker, &HistoryWorker::opened, this, &HistoryStore::onOpened);
    m_thread.start();
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, writer] { worker->open(writer); });
}

HistoryStore::~HistoryStore()
{
    // Blocking: quit() ends the thread's loop without running what is still queued, so the
    // writes asked for before are done (and the file closed) first.
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker] { worker->close(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

bool HistoryStore::isWriter() const
{
    return m_lock && m_lock->isHeld();
}

QString HistoryStore::whyReadOnly() const
{
    if (!m_lock)
        return QStringLiteral("opened for reading");
    if (!m_lock->isHeld())
        return m_lock->refusal();
    return m_problems.isEmpty() ? QString() : m_problems.constLast();
}

bool HistoryStore::tryToBecomeWriter()
{
    if (isWriter())
        return true;
    if (!m_lock)
        m_lock = std::make_unique<RecorderLock>(m_path);
    if (!m_lock->tryLock())
        return false;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->open(true); });
    return true;
}

bool HistoryStore::claimRecording(QObject *recorder)
{
    if (!isWriter())
        return false;
    if (m_recorder && m_recorder != recorder)
        return false;
    m_recorder = recorder;
    return true;
}

void HistoryStore::append(const HistoryBatch &batch)
{
    if (batch.isEmpty() || !isWriter())
        return;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, batch] { worker->write(batch); });
}

void HistoryStore::read(const HistoryRange &range, QObject *context, Done<HistoryRead> done)
{
    QPointer<QObject> target(context);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, range, target, done = std::move(done)] {
        answer<HistoryRead>(target.data(), done, worker->read(range));
    });
}

void HistoryStore::readWaitingChanges(qint64 fromMs, qint64 toMs, QObject *context, Done<HistoryWaitingRead> done)
{
    QPointer<QObject> target(context);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, fromMs, toMs, target, done = std::move(done)] {
        answer<HistoryWaitingRead>(target.data(), done, worker->waitingChanges(fromMs, toMs));
    });
}

void HistoryStore::readThroughput(const QString &queue, qint64 fromMs, qint64 toMs, QObject *context,
                                  Done<HistoryThroughputRead> done)
{
    QPointer<QObject> target(context);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, queue, fromMs, toMs, target, done = std::move(done)] {
        answer<HistoryThroughputRead>(target.data(), done, worker->throughput(queue, fromMs, toMs));
    });
}

void HistoryStore::readFailureGrowth(qint64 fromMs, qint64 toMs, QObject *context, Done<HistoryGrowthRead> done)
{
    QPointer<QObject> target(context);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, fromMs, toMs, target, done = std::move(done)] {
        answer<HistoryGrowthRead>(target.data(), done, worker->failureGrowth(fromMs, toMs));
    });
}

void HistoryStore::maintain(qint64 nowMs, QObject *context, Done<HistoryRetention::Outcome> done)
{
    if (!isWriter())
        return;
    QPointer<QObject> target(context);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, nowMs, target, done = std::move(done)] {
        answer<HistoryRetention::Outcome>(target.data(), done, worker->maintain(nowMs));
    });
}

void HistoryStore::whenIdle(QObject *context, std::function<void()> done)
{
    QPointer<QObject> target(context);
    QMetaObject::invokeMethod(m_worker, [target, done = std::move(done)] {
        if (target)
            QMetaObject::invokeMethod(target.data(), done, Qt::QueuedConnection);
    });
}

void HistoryStore::onOpened(bool writable, const QString &movedTo)
{
    m_writable = writable;
    if (!movedTo.isEmpty())
        m_movedTo = movedTo;
    emit opened(writable);
}

void HistoryStore::onProblem(const QString &text)
{
    m_problems << text;
    emit problem(text);
}
