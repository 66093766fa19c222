#include "joblistmodel.h"
#include "qlessclienttestbase.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QSignalSpy>

// Job lists against a real Redis: paged in as a view scrolls (every row loaded once), refreshed
// as a keyed diff that keeps the selection, each source's jobs as its script lists them.
class TestJobListModel final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    static constexpr double T = 1763683200;

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

    static QStringList jids(const JobListModel &model)
    {
        QStringList out;
        for (const Job &job : model.rows())
            out << QString::fromUtf8(job.jid);
        return out;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    void pagesThroughTenThousandJobsOnce()
    {
        // Pipelined seeding: 10,000 puts in one go.
        QList<QByteArray> expected;
        for (int i = 0; i < 10000; ++i)
            expected << "job-" + QByteArray::number(i).rightJustified(5, '0');
        for (int i = 0; i < 10000; ++i)
            fixture().put("big", expected.at(i), T + i * 0.001);

        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.setPageSize(500);
        model.setSource(JobSource::queueState(client(), QStringLiteral("big"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.total(), 10000);
        QCOMPARE(model.rowCount(), 500);
        int pages = 1;
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QVERIFY(model.isLoading());
            QVERIFY(!model.canFetchMore({})); // one request in flight at a time
            QVERIFY(waitIdle(model));
            ++pages;
        }
        QCOMPARE(pages, 20);
        QCOMPARE(model.rowCount(), 10000);
        QCOMPARE(inserted.count(), 20); // every page inserted once, nothing twice
        QStringList want;
        for (const QByteArray &jid : expected)
            want << QString::fromUtf8(jid);
        QCOMPARE(jids(model), want); // pop order
    }

    void refreshKeepsSelectionAsJobsComeAndGo()
    {
        for (const QByteArray jid : {"a", "b", "c", "d"})
            fixture().put("q", jid, T + (jid.at(0) - 'a'));
        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setSource(JobSource::queueState(client(), QStringLiteral("q"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        QItemSelectionModel selection(&model);
        selection.setCurrentIndex(model.index(model.rowOf(QStringLiteral("c")), 0),
                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // a is popped (leaves waiting), a high-priority job arrives on top, e at the bottom.
        fixture().pop("q", "w", 1, T + 10);
        fixture().put("q", "urgent", T + 11, {"priority", "10"});
        fixture().put("q", "e", T + 12);
        QVERIFY(refresh(model));
        QCOMPARE(jids(model), (QStringList{QStringLiteral("urgent"), QStringLiteral("b"), QStringLiteral("c"),
                                           QStringLiteral("d"), QStringLiteral("e")}));
        QCOMPARE(selection.currentIndex().data(JobListModel::KeyRole).toString(), QStringLiteral("c"));
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(model.total(), 5);
    }

    void columnsShowTheJob()
    {
        fixture().put("q", "j", T, {"priority", "3", "tags", "[\"x\",\"y\"]", "retries", "4"}, 0, "{}", "My.Job");
        fixture().pop("q", "w1", 1, T);
        fixture().call(QStringLiteral("fail"), {"j", "w1", "IOError", "connection reset\nTraceback...", num(T + 5)});
        JobListModel model(client());
        model.setClock([] { return T + 65; });
        model.setSource(JobSource::failureGroup(client(), QStringLiteral("IOError")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        const auto cell = [&model](int column) { return model.index(0, column).data().toString(); };
        QCOMPARE(cell(JobListModel::JidColumn), QStringLiteral("j"));
        QCOMPARE(cell(JobListModel::KlassColumn), QStringLiteral("My.Job"));
        QCOMPARE(cell(JobListModel::StateColumn), QStringLiteral("failed"));
        QCOMPARE(cell(JobListModel::PriorityColumn), QStringLiteral("3"));
        QCOMPARE(cell(JobListModel::TagsColumn), QStringLiteral("x, y"));
        QCOMPARE(cell(JobListModel::TimeColumn), QStringLiteral("failed 1 min ago"));
        QCOMPARE(cell(JobListModel::FailureColumn), QStringLiteral("IOError: connection reset"));
        QCOMPARE(model.index(0, JobListModel::FailureColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("connection reset\nTraceback..."));
        QCOMPARE(model.total(), 1);
        const Job job = model.index(0, 0).data(JobListModel::JobRole).value<Job>();
        QCOMPARE(job.jid, QByteArray("j"));
    }

    void scheduledShowsDue()
    {
        // The scripts see the client's real clock: schedule relative to it.
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("q", "later", now, {}, 300);
        JobListModel model(client());
        model.setClock([now] { return now + 60; });
        model.setSource(JobSource::queueState(client(), QStringLiteral("q"), QStringLiteral("scheduled")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, JobListModel::TimeColumn).data().toString(), QStringLiteral("due in 4 min"));
        QCOMPARE(model.index(0, JobListModel::TimeColumn).data(JobListModel::SortRole).toDouble(), now + 300);
    }

    void damagedJobIsShownNotTrusted()
    {
        fixture().put("q", "bad", T);
        fixture().command({"HSET", "ql:j:bad", "priority", "high", "tags", "{oops"});
        fixture().command({"LPUSH", "ql:f:g", "ghost"});
        fixture().command({"SADD", "ql:failures", "g"});
        JobListModel model(client());
        model.setSource(JobSource::queueState(client(), QStringLiteral("q"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, JobListModel::PriorityColumn).data().toString(), QStringLiteral("(invalid)"));
        QVERIFY(model.index(0, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("damaged")));
        model.setSource(JobSource::failureGroup(client(), QStringLiteral("g")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, JobListModel::StateColumn).data().toString(), QStringLiteral("job data missing"));
    }

    void newSourceDropsOldReplies()
    {
        for (int i = 0; i < 50; ++i)
            fixture().put("a", "a" + QByteArray::number(i), T + i);
        fixture().put("b", "only-b", T);
        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setSource(JobSource::queueState(client(), QStringLiteral("a"), QStringLiteral("waiting")));
        model.setSource(JobSource::queueState(client(), QStringLiteral("b"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        QTest::qWait(200); // any late reply for "a" would land now
        QCOMPARE(jids(model), QStringList{QStringLiteral("only-b")});
    }

    void tagAndWorkerSources()
    {
        fixture().put("q", "t1", T, {"tags", "[\"blue\"]"});
        fixture().put("q", "t2", T + 1, {"tags", "[\"blue\"]"});
        fixture().put("q", "t3", T + 2);
        JobListModel model(client());
        model.setSource(JobSource::tag(client(), QStringLiteral("blue")));
        QVERIFY(waitIdle(model));
        QCOMPARE(jids(model), (QStringList{QStringLiteral("t1"), QStringLiteral("t2")}));
        QCOMPARE(model.total(), 2);
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().pop("q", "w9", 2, now);
        model.setSource(JobSource::worker(client(), QStringLiteral("w9")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 2);
    }
};

QTEST_GUILESS_MAIN(TestJobListModel)
#include "tst_joblistmodel.moc"
