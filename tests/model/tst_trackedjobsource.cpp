// SPDX-License-Identifier: GPL-3.0-or-later
#include "joblistmodel.h"
#include "qlessclienttestbase.h"
#include "trackedjobsource.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>

// Tracked jobs as a job list against a real Redis: the track script's jobs and then its expired
// jids (job gone) as missing rows, paged, refreshed keeping the selection.
class TestTrackedJobSource final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    static bool waitIdle(JobListModel &model)
    {
        return QTest::qWaitFor([&model] { return !model.isLoading(); }, 30000);
    }

    static bool refresh(JobListModel &model)
    {
        bool finished = false;
        model.refresh([&finished] { finished = true; });
        return QTest::qWaitFor([&finished] { return finished; }, 30000);
    }

    void track(const QByteArray &jid, double now) { fixture().call(QStringLiteral("track"), {"track", jid, num(now)}); }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    // A tracked job whose key holds a string: a row marked unreadable (problem "job", as list
    // rows mark a job that cannot be read), the other tracked jobs listed as ever.
    void aJobKeyOfTheWrongTypeIsAMarkedRow()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("q", "fine", now - 100);
        track("fine", now - 50);
        fixture().command({"SET", "ql:j:spoilt", "x"});
        fixture().command({"ZADD", "ql:tracked", num(now - 40), "spoilt"});
        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setSource(TrackedJobSource::create(client()));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 2);
        const int spoilt = model.jobAt(0).jid == "spoilt" ? 0 : 1;
        QCOMPARE(model.jobAt(spoilt).jid, QByteArray("spoilt"));
        QVERIFY2(model.jobAt(spoilt).problems.contains(QStringLiteral("job")),
                 qPrintable(QStringList(model.jobAt(spoilt).problems.keys()).join(QLatin1Char(','))));
        QCOMPARE(model.jobAt(1 - spoilt).state, QStringLiteral("waiting"));
    }

    void jobsThenExpiredJids()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (const QByteArray jid : {"a", "b", "c", "d"}) {
            fixture().put("q", jid, now - 200 + jid.at(0));
            track(jid, now - 50 + jid.at(0));
        }
        fixture().pop("q", "w", 1, now);      // a runs
        fixture().command({"DEL", "ql:j:c"}); // c is gone but still tracked
        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setSource(TrackedJobSource::create(client()));
        QVERIFY(waitIdle(model));
        const QJsonObject tracked = fixture().json(QStringLiteral("track"), {}).toObject();
        const QJsonArray jobs = tracked.value(QStringLiteral("jobs")).toArray();
        const QJsonArray expired = tracked.value(QStringLiteral("expired")).toArray();
        QCOMPARE(model.rowCount(), jobs.size() + expired.size());
        QCOMPARE(model.total(), jobs.size() + expired.size());
        for (int i = 0; i < jobs.size(); ++i) {
            QCOMPARE(QString::fromUtf8(model.jobAt(i).jid),
                     jobs.at(i).toObject().value(QStringLiteral("jid")).toString());
            QCOMPARE(model.jobAt(i).state, jobs.at(i).toObject().value(QStringLiteral("state")).toString());
        }
        const int gone = model.rowOf(QByteArray("c"));
        QCOMPARE(gone, int(jobs.size()));
        QVERIFY(model.jobAt(gone).isMissing());
        QCOMPARE(model.index(gone, JobListModel::StateColumn).data().toString(), QStringLiteral("job data missing"));
        QCOMPARE(model.jobAt(model.rowOf(QByteArray("a"))).state, QStringLiteral("running"));
    }

    void pagedAndRefreshedKeepingSelection()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 7; ++i) {
            const QByteArray jid = "t" + QByteArray::number(i);
            fixture().put("q", jid, now - 100);
            track(jid, now - 50 + i);
        }
        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setPageSize(3);
        model.setSource(TrackedJobSource::create(client()));
        QVERIFY(waitIdle(model));
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QVERIFY(waitIdle(model));
        }
        QCOMPARE(model.rowCount(), 7);
        QItemSelectionModel selection(&model);
        selection.setCurrentIndex(model.index(model.rowOf(QByteArray("t3")), 0),
                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        fixture().call(QStringLiteral("track"), {"untrack", "t1", num(now)});
        fixture().put("q", "late", now);
        track("late", now);
        QVERIFY(refresh(model));
        QCOMPARE(model.rowCount(), 7);
        QCOMPARE(model.rowOf(QByteArray("t1")), -1);
        QVERIFY(model.rowOf(QByteArray("late")) >= 0);
        QCOMPARE(selection.currentIndex().data(JobListModel::KeyRole).toString(), QStringLiteral("t3"));
        QCOMPARE(selection.selectedRows().size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestTrackedJobSource)
#include "tst_trackedjobsource.moc"
