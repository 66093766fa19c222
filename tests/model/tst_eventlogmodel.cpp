// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventfilterproxy.h"
#include "eventlogmodel.h"
#include "eventrate.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

// The Events page's table and its filter, fed synthetic batches: bounded however many events come
// (200,000 through a table of 50,000), in arrival order, a pause that holds the table still while
// counting, skipped events and gaps as rows of their own, filters by queue, class, event and jid,
// and the per-second rate behind the sparkline.
class TestEventLogModel final : public QObject
{
    Q_OBJECT

private:
    static QlessEvent event(const QString &name, const QString &jid, const QString &queue = QStringLiteral("q"),
                            qint64 ms = 1700000000000)
    {
        QlessEvent e;
        e.event = name;
        e.jid = jid;
        e.queue = queue;
        e.receivedMs = ms;
        return e;
    }
    static QList<QlessEvent> batch(int from, int count, qint64 ms = 1700000000000)
    {
        QList<QlessEvent> out;
        for (int i = from; i < from + count; ++i)
            out << event(QStringLiteral("put"), QStringLiteral("j%1").arg(i), QStringLiteral("q%1").arg(i % 3), ms);
        return out;
    }

private slots:
    void staysWithinItsCapacity()
    {
        // No QAbstractItemModelTester here: it walks the whole table at every change (the tests
        // below run it on small tables).
        EventLogModel model(nullptr, 50000);
        QSignalSpy inserts(&model, &QAbstractItemModel::rowsInserted);
        for (int i = 0; i < 200000; i += 500)
            model.append(batch(i, 500));
        QCOMPARE(model.rowCount(), 50000);
        QCOMPARE(model.receivedCount(), quint64(200000));
        QCOMPARE(model.trimmed(), quint64(150000));
        QCOMPARE(inserts.size(), 400); // one insert per batch, never one per event
        // The newest are kept, oldest first, in arrival order.
        QCOMPARE(model.index(0, EventLogModel::JidColumn).data().toString(), QStringLiteral("j150000"));
        QCOMPARE(model.index(49999, EventLogModel::JidColumn).data().toString(), QStringLiteral("j199999"));
        QCOMPARE(model.eventAt(49999).sequence, quint64(200000));
        // A batch larger than the table keeps only its newest rows.
        model.append(batch(0, 60000));
        QCOMPARE(model.rowCount(), 50000);
        QCOMPARE(model.index(0, EventLogModel::JidColumn).data().toString(), QStringLiteral("j10000"));
    }

    // Clear (the page's button) forgets the rows shown and held, keeps the counts, and the table
    // fills again from the next batch; the model is tested by QAbstractItemModelTester throughout.
    void clearForgetsTheRowsAndKeepsTheCounts()
    {
        EventLogModel model(nullptr, 100);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        model.append(batch(0, 150));
        model.setPaused(true);
        model.append(batch(150, 20));
        QCOMPARE(model.heldCount(), 20);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.heldCount(), 0);
        QCOMPARE(resets.size(), 1);
        QCOMPARE(model.receivedCount(), quint64(170));
        QCOMPARE(model.trimmed(), quint64(50));
        model.setPaused(false);
        QCOMPARE(model.rowCount(), 0); // what was held went with the rest
        model.append(batch(170, 3));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, EventLogModel::JidColumn).data().toString(), QStringLiteral("j170"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void pauseHoldsTheTableAndKeepsCounting()
    {
        EventLogModel model(nullptr, 100);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.append(batch(0, 10));
        model.setPaused(true);
        model.append(batch(10, 30));
        QCOMPARE(model.rowCount(), 10);
        QCOMPARE(model.heldCount(), 30);
        QCOMPARE(model.receivedCount(), quint64(40));
        model.append(batch(40, 200)); // held ones are bounded too
        QCOMPARE(model.heldCount(), 100);
        QCOMPARE(model.receivedCount(), quint64(240));
        model.setPaused(false);
        QCOMPARE(model.heldCount(), 0);
        QCOMPARE(model.rowCount(), 100);
        QCOMPARE(model.index(99, EventLogModel::JidColumn).data().toString(), QStringLiteral("j239"));
        QCOMPARE(model.trimmed(), quint64(140));
    }

    void skippedEventsAndGapsAreRowsOfTheirOwn()
    {
        EventLogModel model;
        model.append(batch(0, 2));
        model.append(batch(2, 1), 1234);
        QlessEvent gap;
        gap.source = QlessEvent::Source::Gap;
        gap.event = QStringLiteral("gap");
        gap.lostMs = 1700000000000;
        gap.receivedMs = 1700000004500;
        gap.detail = QStringLiteral("The server closed the connection");
        model.append({gap});
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.gapCount(), 2);
        QCOMPARE(model.skipped(), quint64(1234));
        QCOMPARE(model.receivedCount(), quint64(3));
        QVERIFY(model.eventAt(2).isGap());
        QVERIFY2(model.index(2, EventLogModel::DetailColumn).data().toString().contains(QStringLiteral("1,234"))
                     || model.index(2, EventLogModel::DetailColumn).data().toString().contains(QStringLiteral("1234")),
                 qPrintable(model.index(2, EventLogModel::DetailColumn).data().toString()));
        const QString said = model.index(4, EventLogModel::DetailColumn).data().toString();
        QVERIFY2(said.contains(QStringLiteral("4.5")) && said.contains(QStringLiteral("closed the connection")),
                 qPrintable(said));
        QVERIFY(model.index(4, 0).data(Qt::BackgroundRole).isValid()); // marked, not hidden
        QCOMPARE(model.index(4, EventLogModel::EventColumn).data().toString(), QStringLiteral("gap"));
    }

    void filtersByQueueClassEventAndJid()
    {
        EventLogModel model;
        model.setClassLookup(
            [](const QString &jid) { return jid.endsWith(QLatin1Char('1')) ? QStringLiteral("Mailer") : QString(); });
        EventFilterProxy proxy(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QList<QlessEvent> events{event(QStringLiteral("put"), QStringLiteral("a1"), QStringLiteral("mail")),
                                 event(QStringLiteral("completed"), QStringLiteral("a1"), QStringLiteral("mail")),
                                 event(QStringLiteral("put"), QStringLiteral("b2"), QStringLiteral("billing")),
                                 event(QStringLiteral("failed"), QStringLiteral("b2"), QStringLiteral("billing"))};
        QlessEvent tracked = event(QStringLiteral("completed"), QStringLiteral("a1"), QString());
        tracked.source = QlessEvent::Source::Tracked;
        events << tracked;
        QlessEvent gap;
        gap.source = QlessEvent::Source::Gap;
        gap.event = QStringLiteral("gap");
        events << gap;
        model.append(events);
        QCOMPARE(proxy.rowCount(), 6);
        proxy.setQueue(QStringLiteral("MAIL"));
        QCOMPARE(proxy.rowCount(), 3); // two of mail, and the gap: a gap is in every part of the stream
        proxy.setQueue({});
        proxy.setEvent(QStringLiteral("completed"));
        QCOMPARE(proxy.rowCount(), 3); // logged, tracked, gap
        proxy.setJid(QStringLiteral("b"));
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setJid({});
        proxy.setEvent({});
        proxy.setKlass(QStringLiteral("mail"));
        QCOMPARE(proxy.rowCount(), 4); // a1's three, and the gap
        QCOMPARE(proxy.index(0, EventLogModel::KlassColumn).data().toString(), QStringLiteral("Mailer"));
        QVERIFY(proxy.isFiltering());
        proxy.setKlass({});
        QVERIFY(!proxy.isFiltering());
        // New rows are filtered as they come.
        proxy.setEvent(QStringLiteral("failed"));
        model.append({event(QStringLiteral("failed"), QStringLiteral("c3")),
                      event(QStringLiteral("put"), QStringLiteral("c4"))});
        QCOMPARE(proxy.rowCount(), 3);
        QCOMPARE(proxy.index(2, EventLogModel::JidColumn).data().toString(), QStringLiteral("c3"));
    }

    void unreadableEventsAreShownWithTheirPayload()
    {
        EventLogModel model;
        QlessEvent bad;
        bad.event = QStringLiteral("?");
        bad.problem = QStringLiteral("Not JSON");
        bad.payload = "garbage{";
        bad.receivedMs = 1700000000000;
        model.append({bad});
        const QString detail = model.index(0, EventLogModel::DetailColumn).data().toString();
        QVERIFY2(detail.contains(QStringLiteral("Not JSON")) && detail.contains(QStringLiteral("garbage{")),
                 qPrintable(detail));
        QVERIFY(model.index(0, EventLogModel::EventColumn).data(Qt::ForegroundRole).isValid());
        QVERIFY(model.index(0, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("garbage{")));
    }

    void ratePerSecondOverTheLastMinute()
    {
        EventRate rate(60);
        const qint64 t0 = 1700000000000;
        rate.add(t0, 5);
        rate.add(t0 + 999, 2);
        rate.add(t0 + 1000, 10);
        rate.add(t0 + 3500, 1);
        const QList<int> series = rate.series(t0 + 3500);
        QCOMPARE(series.size(), 60);
        QCOMPARE(series.mid(56), (QList<int>{7, 10, 0, 1}));
        QCOMPARE(rate.lastSecond(t0 + 3500), 0);
        QCOMPARE(rate.lastSecond(t0 + 1500), 7);
        // A minute on, the old seconds read as nothing, whatever their slot held.
        QCOMPARE(rate.series(t0 + 64500), QList<int>(60, 0));
        rate.add(t0 + 60000, 4); // the slot of t0, a minute later
        QCOMPARE(rate.series(t0 + 60000).last(), 4);
        QCOMPARE(rate.series(t0 + 60000).first(), 10); // t0 + 1 s, still inside the minute
    }
};

QTEST_GUILESS_MAIN(TestEventLogModel)
#include "tst_eventlogmodel.moc"
