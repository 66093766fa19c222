// SPDX-License-Identifier: GPL-3.0-or-later
#include "poolrelease.h"

#include <QMutex>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <deque>

// PoolRelease: a value handed over is destroyed once, whole, on a pool thread and not on the
// caller's (the Events table's 50,000 rows were 20 ms of frees on the GUI thread).
class TestPoolRelease final : public QObject
{
    Q_OBJECT

    struct Recorder
    {
        static inline QMutex mutex;
        static inline QList<QThread *> threads;
        bool owner = true;
        Recorder() = default;
        Recorder(Recorder &&other) noexcept { other.owner = false; }
        Recorder &operator=(Recorder &&) = delete;
        ~Recorder()
        {
            if (!owner)
                return;
            const QMutexLocker lock(&mutex);
            threads << QThread::currentThread();
        }
    };

private slots:
    void destroysOnAPoolThreadOnce()
    {
        Recorder::threads.clear();
        {
            std::deque<Recorder> rows(1000);
            PoolRelease::release(std::move(rows));
        }
        QVERIFY(QThreadPool::globalInstance()->waitForDone(20000));
        const QMutexLocker lock(&Recorder::mutex);
        QCOMPARE(Recorder::threads.size(), 1000); // each row once
        for (QThread *thread : std::as_const(Recorder::threads))
            QVERIFY(thread != QThread::currentThread());
    }
};

QTEST_GUILESS_MAIN(TestPoolRelease)
#include "tst_poolrelease.moc"
