// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "configeditor.h"
#include "configmodel.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "replywaiter.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

// Config edits against a real Redis: values checked by the config script's rules before anything
// is sent, set and unset written through the script, every write audited, the table read again.
class TestConfigEditor final : public QObject
{
    Q_OBJECT

    std::unique_ptr<QlessFixture> m_fixture;
    std::unique_ptr<QTemporaryDir> m_dir;

    std::unique_ptr<QlessSession> session(bool readOnly = false)
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture->server().socketPath();
        settings.readOnly = readOnly;
        auto s = std::make_unique<QlessSession>(settings);
        awaitReady(*s->connection());
        s->setAuditLog(std::make_shared<AuditLog>(auditPath()));
        return s;
    }

    QString auditPath() const { return m_dir->filePath(QStringLiteral("audit.jsonl")); }
    QList<AuditRecord> audited() const { return AuditLog(auditPath()).records(); }

    // The value the config script gives for `option` (nil: not set, no default).
    QByteArray stored(const QByteArray &option)
    {
        return m_fixture->call(QStringLiteral("config"), {"get", option}).text();
    }

    static bool refresh(ConfigModel &model)
    {
        bool finished = false;
        model.refresh([&finished] { finished = true; });
        return QTest::qWaitFor([&finished] { return finished; }, 30000);
    }

    // Waits for the editor's finished(ok, message).
    static QList<QVariant> awaitFinished(QSignalSpy &spy)
    {
        if (!spy.wait(30000) && spy.isEmpty())
            return {};
        return spy.takeFirst();
    }

private slots:
    void initTestCase()
    {
        m_fixture = std::make_unique<QlessFixture>();
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
    }
    void cleanupTestCase() { m_fixture.reset(); }
    void init()
    {
        m_fixture->flush();
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    void scriptNumbers_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("number");
        // lua/lib/10-base.lua Qless.number: finite decimals only.
        QTest::newRow("integer") << "12" << true;
        QTest::newRow("negative") << "-0.5" << true;
        QTest::newRow("leading dot") << ".5" << true;
        QTest::newRow("trailing dot") << "12." << true;
        QTest::newRow("exponent") << "1.7e+09" << true;
        QTest::newRow("exponent upper") << "2E3" << true;
        QTest::newRow("word") << "abc" << false;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("hex") << "0x10" << false;
        QTest::newRow("plus sign") << "+5" << true;
        QTest::newRow("trailing dot exponent") << "12.e3" << true;
        QTest::newRow("inner space") << "1 0" << false;
        QTest::newRow("padding") << " 10" << false;
        QTest::newRow("inf") << "inf" << false;
        QTest::newRow("nan") << "nan" << false;
        QTest::newRow("overflow") << "1e999" << false;
        QTest::newRow("unit") << "60s" << false;
        QTest::newRow("arabic digits") << QStringLiteral("\u0661\u0662") << false;
    }
    void scriptNumbers()
    {
        QFETCH(QString, text);
        QFETCH(bool, number);
        QCOMPARE(ConfigEditor::isScriptNumber(text), number);
    }

    void rules()
    {
        QVERIFY(ConfigEditor::isNumeric(QStringLiteral("heartbeat")));
        QVERIFY(ConfigEditor::isNumeric(QStringLiteral("jobs-history-count")));
        QVERIFY(ConfigEditor::isNumeric(QStringLiteral("crawl-heartbeat")));
        QVERIFY(!ConfigEditor::isNumeric(QStringLiteral("application")));
        // Current qless reads these as numbers too.
        QVERIFY(ConfigEditor::isNumeric(QStringLiteral("grace-period")));
        QVERIFY(ConfigEditor::isNumeric(QStringLiteral("max-job-history")));
        QVERIFY(ConfigEditor::isNumeric(QStringLiteral("max-worker-age")));
        QVERIFY(ConfigEditor::isNumeric(QStringLiteral("crawl-max-concurrency")));
        QVERIFY(!ConfigEditor::isNumeric(QStringLiteral("max-concurrency"))); // no queue: not read by qless
        QVERIFY(!ConfigEditor::isNumeric(QStringLiteral("custom-thing")));
        QVERIFY(ConfigEditor::isCount(QStringLiteral("crawl-max-concurrency")));
        QVERIFY(ConfigEditor::isCount(QStringLiteral("max-job-history")));
        QVERIFY(ConfigEditor::isCount(QStringLiteral("jobs-history-count")));
        QVERIFY(!ConfigEditor::isCount(QStringLiteral("grace-period")));
        QCOMPARE(ConfigEditor::unitOf(QStringLiteral("crawl-max-concurrency")), QStringLiteral("jobs"));
        QCOMPARE(ConfigEditor::unitOf(QStringLiteral("max-job-history")), QStringLiteral("entries"));
        QCOMPARE(ConfigEditor::unitOf(QStringLiteral("grace-period")), QStringLiteral("seconds"));
        QVERIFY(ConfigEditor::isLockLength(QStringLiteral("heartbeat")));
        QVERIFY(ConfigEditor::isLockLength(QStringLiteral("crawl-heartbeat")));
        QVERIFY(!ConfigEditor::isLockLength(QStringLiteral("max-worker-age")));
        QVERIFY(ConfigEditor::isKeptLength(QStringLiteral("jobs-history")));
        QVERIFY(!ConfigEditor::isKeptLength(QStringLiteral("grace-period")));
        QCOMPARE(ConfigEditor::unitOf(QStringLiteral("stats-history")), QStringLiteral("days"));
        QCOMPARE(ConfigEditor::unitOf(QStringLiteral("crawl-heartbeat")), QStringLiteral("seconds"));
        QCOMPARE(ConfigEditor::unitOf(QStringLiteral("application")), QString());

        const auto ok = [](const char *option, const QString &value) {
            return ConfigEditor::problem(QString::fromLatin1(option), value).isEmpty();
        };
        QVERIFY(ok("heartbeat", QStringLiteral("30")));
        QVERIFY(ok("heartbeat", QStringLiteral(" 30 "))); // spaces around a number are dropped
        QCOMPARE(ConfigEditor::normalized(QStringLiteral("heartbeat"), QStringLiteral(" 30 ")), QStringLiteral("30"));
        QVERIFY(ok("heartbeat", QStringLiteral("0.5")));
        // Numbers qless accepts stay accepted (#12 item 6), surprising ones with a warning.
        QVERIFY(ok("heartbeat", QStringLiteral("0")));
        QVERIFY(ok("heartbeat", QStringLiteral("-10")));
        QVERIFY(ok("max-worker-age", QStringLiteral("0")));
        QVERIFY(ok("crawl-heartbeat", QStringLiteral("0")));
        QVERIFY(!ok("crawl-heartbeat", QStringLiteral("soon")));
        QVERIFY(ok("jobs-history", QStringLiteral("0")));
        QVERIFY(ok("jobs-history", QStringLiteral("-1")));
        QVERIFY(ok("stats-history", QStringLiteral("-0.5")));
        QVERIFY(!ok("jobs-history-count", QString()));
        QVERIFY(ok("application", QStringLiteral("billing")));
        QVERIFY(ok("application", QStringLiteral(" 12 "))); // text is kept as typed
        QCOMPARE(ConfigEditor::normalized(QStringLiteral("application"), QStringLiteral(" a ")), QStringLiteral(" a "));
        QVERIFY(!ok("application", QString()));
        // Text where qless reads a number made every pop of real workers fail: refused now.
        QVERIFY(!ok("grace-period", QStringLiteral("anything")));
        QVERIFY(!ok("grace-period", QString()));
        QVERIFY(!ok("max-job-history", QStringLiteral("lots")));
        QVERIFY(!ok("crawl-max-concurrency", QStringLiteral("few")));
        QVERIFY(ok("crawl-max-concurrency", QStringLiteral("2.5"))); // a count for Redis: warned
        QVERIFY(ok("max-job-history", QStringLiteral("2.5")));
        QVERIFY(ok("jobs-history-count", QStringLiteral("10.5")));
        // What qless gives a meaning stays accepted: no grace, no limit, fractions of seconds.
        QVERIFY(ok("grace-period", QStringLiteral("0")));
        QVERIFY(ok("grace-period", QStringLiteral("-1")));
        QVERIFY(ok("grace-period", QStringLiteral("2.5")));
        QVERIFY(ok("crawl-max-concurrency", QStringLiteral("0")));
        QVERIFY(ok("crawl-max-concurrency", QStringLiteral("-1")));
        QVERIFY(ok("crawl-max-concurrency", QStringLiteral("5")));
        QVERIFY(ok("max-job-history", QStringLiteral("0")));
        QVERIFY(ok("max-job-history", QStringLiteral("1e3")));
        QVERIFY(ok("max-concurrency", QStringLiteral("any text"))); // not read by qless
        QVERIFY(!ConfigEditor::problem(QString(), QStringLiteral("1")).isEmpty());

        // The messages say what is wrong and what would do.
        const QString abc = ConfigEditor::problem(QStringLiteral("heartbeat"), QStringLiteral("abc"));
        QVERIFY2(abc.contains(QStringLiteral("\"abc\" is not a number")), qPrintable(abc));
        QVERIFY2(abc.contains(QStringLiteral("seconds, such as 60")), qPrintable(abc));

        const QString grace = ConfigEditor::problem(QStringLiteral("grace-period"), QStringLiteral("ten"));
        QVERIFY2(grace.contains(QStringLiteral("\"ten\" is not a number: grace-period takes a number of seconds, "
                                               "such as 10")),
                 qPrintable(grace));
    }

    void surprisingNumbersAreWarnedAbout()
    {
        const auto warning = [](const char *option, const char *value) {
            return ConfigEditor::warning(QString::fromLatin1(option), QString::fromLatin1(value));
        };
        // Nothing to say about ordinary values, text options, or values that are refused anyway.
        for (const auto &[option, value] : QList<QPair<const char *, const char *>>{{"heartbeat", "30"},
                                                                                    {"crawl-heartbeat", "0.5"},
                                                                                    {"grace-period", "0"},
                                                                                    {"grace-period", "-1"},
                                                                                    {"jobs-history", "0"},
                                                                                    {"jobs-history-count", "0"},
                                                                                    {"crawl-max-concurrency", "5"},
                                                                                    {"max-job-history", "50"},
                                                                                    {"max-worker-age", "3600"},
                                                                                    {"application", "-1"},
                                                                                    {"heartbeat", "abc"}})
            QVERIFY2(warning(option, value).isEmpty(), option);

        QVERIFY(warning("heartbeat", "0").contains(QStringLiteral("counts as stalled at once")));
        QVERIFY(warning("crawl-heartbeat", "-10").contains(QStringLiteral("crawl-heartbeat at -10")));
        QVERIFY(warning("max-worker-age", "0").contains(QStringLiteral("every worker counts as gone")));
        const QString half = warning("crawl-max-concurrency", "2.5");
        QVERIFY2(half.contains(QStringLiteral("Redis refuses 2.5, so every pop of queue crawl")), qPrintable(half));
        QVERIFY(warning("jobs-history-count", "10.5").contains(QStringLiteral("every complete")));
        QVERIFY(warning("max-job-history", "2.5").contains(QStringLiteral("every put, pop and complete")));
        // qless-core: max-concurrency and max-job-history at 0 or less are no limit at all.
        QVERIFY(warning("crawl-max-concurrency", "0").contains(QStringLiteral("means no limit")));
        QVERIFY(warning("crawl-max-concurrency", "-1").contains(QStringLiteral("not none")));
        QVERIFY(warning("max-job-history", "0").contains(QStringLiteral("grows without end")));
        QVERIFY(warning("jobs-history", "-1").contains(QStringLiteral("does not mean \"none\"")));
    }

    void warnedValueIsSentOnlyOnceConfirmed()
    {
        auto s = session();
        ConfigModel model(s->client());
        QVERIFY(refresh(model));
        ConfigEditor editor(s.get(), &model);
        QSignalSpy finished(&editor, &ConfigEditor::finished);
        const QList<QByteArray> before = m_fixture->snapshot();

        QString error;
        QVERIFY(!editor.set(QStringLiteral("heartbeat"), QStringLiteral("0"), &error));
        QCOMPARE(error, ConfigEditor::warning(QStringLiteral("heartbeat"), QStringLiteral("0"))
                            + QStringLiteral(" Confirm to set it anyway."));
        QVERIFY(!editor.isBusy());
        QTest::qWait(100);
        QVERIFY(finished.isEmpty());
        QCOMPARE(m_fixture->snapshot(), before);

        // Confirmed: sent, and the script takes it as qless does.
        QVERIFY(editor.set(QStringLiteral("heartbeat"), QStringLiteral("0"), &error, true));
        const QList<QVariant> result = awaitFinished(finished);
        QVERIFY2(result.value(0).toBool(), qPrintable(result.value(1).toString()));
        QCOMPARE(stored("heartbeat"), QByteArray("0"));
        QCOMPARE(audited().value(0).arguments.value(QStringLiteral("value")).toString(), QStringLiteral("0"));
    }

    void setNumeric()
    {
        auto s = session();
        ConfigModel model(s->client());
        QVERIFY(refresh(model));
        ConfigEditor editor(s.get(), &model);
        QSignalSpy finished(&editor, &ConfigEditor::finished);
        QSignalSpy busy(&editor, &ConfigEditor::busyChanged);
        QSignalSpy audits(s.get(), &QlessSession::audited);

        QString error = QStringLiteral("stale");
        QVERIFY(editor.set(QStringLiteral("heartbeat"), QStringLiteral(" 30 "), &error));
        QVERIFY(error.isEmpty());
        QVERIFY(editor.isBusy());
        // One write at a time: a second one is refused, and nothing of it is sent.
        QVERIFY(!editor.set(QStringLiteral("heartbeat"), QStringLiteral("31"), &error));
        QVERIFY2(error.contains(QStringLiteral("still being written")), qPrintable(error));

        const QList<QVariant> result = awaitFinished(finished);
        QCOMPARE(result.size(), 2);
        QVERIFY2(result.at(0).toBool(), qPrintable(result.at(1).toString()));
        QCOMPARE(result.at(1).toString(), QStringLiteral("heartbeat set to 30 (was 60)."));
        QVERIFY(!editor.isBusy());
        QCOMPARE(busy.size(), 2);
        QVERIFY(finished.isEmpty());

        QCOMPARE(stored("heartbeat"), QByteArray("30"));
        // The table was read again before finished().
        const ConfigOption &row = model.rowAt(model.rowOf(QStringLiteral("heartbeat")));
        QCOMPARE(row.value, QStringLiteral("30"));
        QCOMPARE(row.origin, ConfigOption::Origin::Override);
        QCOMPARE(model.index(model.rowOf(QStringLiteral("heartbeat")), ConfigModel::OverrideColumn).data().toString(),
                 QStringLiteral("30"));

        QCOMPARE(audits.size(), 1);
        const QList<AuditRecord> records = audited();
        QCOMPARE(records.size(), 1);
        const AuditRecord &r = records.first();
        QCOMPARE(r.action, QStringLiteral("config set"));
        QCOMPARE(r.arguments.value(QStringLiteral("option")).toString(), QStringLiteral("heartbeat"));
        QCOMPARE(r.arguments.value(QStringLiteral("value")).toString(), QStringLiteral("30"));
        QCOMPARE(r.arguments.value(QStringLiteral("previous")).toString(), QStringLiteral("60"));
        QCOMPARE(r.count, 0);
        QCOMPARE(r.outcome, QStringLiteral("done"));
        QCOMPARE(r.message, QStringLiteral("heartbeat set to 30 (was 60)."));
        QCOMPARE(r.server, s->settings().describe());

        // Text options take text.
        QVERIFY(editor.set(QStringLiteral("application"), QStringLiteral("billing")));
        QVERIFY(awaitFinished(finished).value(0).toBool());
        QCOMPARE(stored("application"), QByteArray("billing"));
        QCOMPARE(model.rowAt(model.rowOf(QStringLiteral("application"))).origin, ConfigOption::Origin::Override);
    }

    void refusedBeforeSending()
    {
        auto s = session();
        ConfigModel model(s->client());
        QVERIFY(refresh(model));
        ConfigEditor editor(s.get(), &model);
        QSignalSpy finished(&editor, &ConfigEditor::finished);
        const QList<QByteArray> before = m_fixture->snapshot();
        m_fixture->command({"CONFIG", "RESETSTAT"});

        const QList<QPair<QString, QString>> bad{
            {QStringLiteral("heartbeat"), QStringLiteral("abc")},
            {QStringLiteral("crawl-heartbeat"), QStringLiteral("0x20")},
            {QStringLiteral("grace-period"), QStringLiteral("ten")},
            {QStringLiteral("max-job-history"), QStringLiteral("100 entries")},
            {QStringLiteral("crawl-max-concurrency"), QStringLiteral("some")},
            {QStringLiteral("application"), QString()},
            {QString(), QStringLiteral("1")},
        };
        for (const auto &[option, value] : bad) {
            QString error;
            QVERIFY2(!editor.set(option, value, &error), qPrintable(option + QLatin1Char('=') + value));
            QCOMPARE(error, ConfigEditor::problem(option, value));
            QVERIFY(!editor.isBusy());
        }
        QString error;
        QVERIFY(!editor.unset(QString(), &error));
        QVERIFY(!error.isEmpty());

        QTest::qWait(200);
        QVERIFY(finished.isEmpty());
        // Nothing was sent: no script ran, nothing changed, nothing audited.
        const QByteArray stats = m_fixture->command({"INFO", "commandstats"}).text();
        QVERIFY2(!stats.contains("cmdstat_evalsha") && !stats.contains("cmdstat_eval:"), stats.constData());
        QCOMPARE(m_fixture->snapshot(), before);
        QCOMPARE(stored("heartbeat"), QByteArray("60"));
        QVERIFY(audited().isEmpty());
        QVERIFY(!QFile::exists(auditPath()));
    }

    void unsetRestoresDefault()
    {
        m_fixture->call(QStringLiteral("config"), {"set", "heartbeat", "120"});
        auto s = session();
        ConfigModel model(s->client());
        QVERIFY(refresh(model));
        QCOMPARE(model.rowAt(model.rowOf(QStringLiteral("heartbeat"))).origin, ConfigOption::Origin::Override);
        ConfigEditor editor(s.get(), &model);
        QSignalSpy finished(&editor, &ConfigEditor::finished);

        QVERIFY(editor.unset(QStringLiteral("heartbeat")));
        const QList<QVariant> result = awaitFinished(finished);
        QVERIFY2(result.value(0).toBool(), qPrintable(result.value(1).toString()));
        QCOMPARE(result.at(1).toString(), QStringLiteral("heartbeat unset (was 120): the default applies again."));
        QCOMPARE(stored("heartbeat"), QByteArray("60"));
        QVERIFY(m_fixture->command({"HEXISTS", "ql:config", "heartbeat"}).integer == 0);
        const ConfigOption &row = model.rowAt(model.rowOf(QStringLiteral("heartbeat")));
        QCOMPARE(row.origin, ConfigOption::Origin::Default);
        QCOMPARE(row.value, QStringLiteral("60"));

        const AuditRecord r = audited().value(0);
        QCOMPARE(r.action, QStringLiteral("config unset"));
        QCOMPARE(r.arguments.value(QStringLiteral("option")).toString(), QStringLiteral("heartbeat"));
        QVERIFY(r.arguments.value(QStringLiteral("value")).isNull());
        QCOMPARE(r.arguments.value(QStringLiteral("previous")).toString(), QStringLiteral("120"));
        QCOMPARE(r.outcome, QStringLiteral("done"));
        QCOMPARE(r.count, 0);
    }

    void perQueueHeartbeat()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        m_fixture->put("crawl", "a", now);
        auto s = session();
        ConfigModel model(s->client());
        QVERIFY(refresh(model));
        QCOMPARE(model.rowAt(model.rowOf(QStringLiteral("crawl-heartbeat"))).origin, ConfigOption::Origin::Inherited);
        ConfigEditor editor(s.get(), &model);
        QSignalSpy finished(&editor, &ConfigEditor::finished);

        QVERIFY(!editor.set(QStringLiteral("crawl-heartbeat"), QStringLiteral("0")));
        QVERIFY(editor.set(QStringLiteral("crawl-heartbeat"), QStringLiteral("45")));
        QList<QVariant> result = awaitFinished(finished);
        QVERIFY2(result.value(0).toBool(), qPrintable(result.value(1).toString()));
        QCOMPARE(result.at(1).toString(), QStringLiteral("crawl-heartbeat set to 45 (was not set)."));
        QCOMPARE(stored("crawl-heartbeat"), QByteArray("45"));
        QCOMPARE(model.rowAt(model.rowOf(QStringLiteral("crawl-heartbeat"))).origin, ConfigOption::Origin::Override);
        QCOMPARE(model.rowAt(model.rowOf(QStringLiteral("crawl-heartbeat"))).value, QStringLiteral("45"));
        // The global heartbeat is untouched.
        QCOMPARE(stored("heartbeat"), QByteArray("60"));
        QVERIFY(audited().value(0).arguments.value(QStringLiteral("previous")).isNull());

        // A queue with no jobs yet gets its heartbeat before its first job; the table lists it.
        QVERIFY(editor.set(QStringLiteral("fresh-heartbeat"), QStringLiteral("600")));
        QVERIFY(awaitFinished(finished).value(0).toBool());
        QCOMPARE(stored("fresh-heartbeat"), QByteArray("600"));
        QVERIFY(model.rowOf(QStringLiteral("fresh-heartbeat")) >= 0);

        // Unset: the queue inherits the global heartbeat again.
        QVERIFY(editor.unset(QStringLiteral("crawl-heartbeat")));
        result = awaitFinished(finished);
        QVERIFY(result.value(0).toBool());
        QCOMPARE(result.at(1).toString(),
                 QStringLiteral("crawl-heartbeat unset (was 45): the global heartbeat applies again."));
        QCOMPARE(model.rowAt(model.rowOf(QStringLiteral("crawl-heartbeat"))).origin, ConfigOption::Origin::Inherited);
        QCOMPARE(audited().size(), 3);
    }

    void serverRefusalShownAndAudited()
    {
        auto s = session();
        ConfigModel model(s->client());
        QVERIFY(refresh(model));
        ConfigEditor editor(s.get(), &model);
        QSignalSpy finished(&editor, &ConfigEditor::finished);
        // A server out of memory refuses the script's write (reads still work): a refusal we
        // cannot see coming, so the server's own words must reach the operator.
        m_fixture->command({"CONFIG", "SET", "maxmemory", "1"});
        QVERIFY(editor.set(QStringLiteral("application"), QStringLiteral("billing")));
        const QList<QVariant> result = awaitFinished(finished);
        m_fixture->command({"CONFIG", "SET", "maxmemory", "0"});
        QCOMPARE(result.size(), 2);
        QVERIFY(!result.at(0).toBool());
        const QString message = result.at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("out of memory")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("set application")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("Nothing was changed")), qPrintable(message));
        QCOMPARE(stored("application"), QByteArray("qless"));

        const AuditRecord r = audited().value(0);
        QCOMPARE(r.action, QStringLiteral("config set"));
        QCOMPARE(r.outcome, QStringLiteral("failed"));
        QVERIFY2(r.message.contains(QStringLiteral("out of memory")), qPrintable(r.message));
        QCOMPARE(r.arguments.value(QStringLiteral("value")).toString(), QStringLiteral("billing"));
        QCOMPARE(r.arguments.value(QStringLiteral("previous")).toString(), QStringLiteral("qless"));
    }

    void readOnlyRefusesEverything()
    {
        auto s = session(true);
        QVERIFY(s->isReadOnly());
        ConfigModel model(s->client());
        QVERIFY(refresh(model));
        ConfigEditor editor(s.get(), &model);
        QSignalSpy finished(&editor, &ConfigEditor::finished);
        QString error;
        QVERIFY(!editor.set(QStringLiteral("heartbeat"), QStringLiteral("30"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("This connection is read-only: ")), qPrintable(error));
        QVERIFY(!editor.unset(QStringLiteral("heartbeat"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("This connection is read-only: ")), qPrintable(error));
        QTest::qWait(100);
        QVERIFY(finished.isEmpty());
        QCOMPARE(stored("heartbeat"), QByteArray("60"));
        QVERIFY(audited().isEmpty());
    }

    void auditLogUnwritableIsSaid()
    {
        auto s = session();
        // A folder where the log file should be: the write happens, the record cannot be kept.
        QVERIFY(QDir(m_dir->path()).mkdir(QStringLiteral("blocked.jsonl")));
        s->setAuditLog(std::make_shared<AuditLog>(m_dir->filePath(QStringLiteral("blocked.jsonl"))));
        QSignalSpy auditFailed(s.get(), &QlessSession::auditFailed);
        ConfigModel model(s->client());
        QVERIFY(refresh(model));
        ConfigEditor editor(s.get(), &model);
        QSignalSpy finished(&editor, &ConfigEditor::finished);
        QVERIFY(editor.set(QStringLiteral("stats-history"), QStringLiteral("14")));
        const QList<QVariant> result = awaitFinished(finished);
        QVERIFY(result.value(0).toBool());
        QVERIFY2(result.at(1).toString().contains(QStringLiteral("The audit log could not be written")),
                 qPrintable(result.at(1).toString()));
        QCOMPARE(auditFailed.size(), 1);
        QCOMPARE(stored("stats-history"), QByteArray("14"));
    }
};

QTEST_GUILESS_MAIN(TestConfigEditor)
#include "tst_configeditor.moc"
