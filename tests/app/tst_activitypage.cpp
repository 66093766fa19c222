// SPDX-License-Identifier: GPL-3.0-or-later
#include "activitypage.h"
#include "auditlog.h"
#include "auditlogmodel.h"
#include "pagetestbase.h"
#include "tableexportbutton.h"
#include "themecolors.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QFileDialog>
#include <QFont>
#include <QJsonDocument>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>

// The Activity page: the session's audit log newest first, reloaded as the session records
// writes, damaged lines and unreadable files said on the page, exported as CSV.
class TestActivityPage final : public QObject, private PageTestBase
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;

    std::unique_ptr<QlessSession> auditedSession(const QString &file = QStringLiteral("audit.jsonl"))
    {
        auto s = session();
        s->setAuditLog(std::make_shared<AuditLog>(m_dir->filePath(file)));
        return s;
    }

    static AuditRecord record(const QString &action, const QJsonObject &arguments, qint64 count, const QString &outcome,
                              const QString &message = {})
    {
        AuditRecord r;
        r.action = action;
        r.arguments = arguments;
        r.count = count;
        r.outcome = outcome;
        r.message = message;
        return r;
    }

    static QString cell(ActivityPage &page, int row, int column, int role = Qt::DisplayRole)
    {
        QAbstractItemModel *model = page.view()->model();
        return model->index(row, column).data(role).toString();
    }

    // The rows come from the page's reader thread, and are decoded once a view asks for them.
    static bool rowsRead(ActivityPage &page, int rows)
    {
        return QTest::qWaitFor(
            [&page, rows] {
                QAbstractItemModel *model = page.view()->model();
                if (model->rowCount() != rows || !page.auditModel()->isComplete())
                    return false;
                bool all = true;
                for (int row = 0; row < rows; ++row)
                    all = model->index(row, 0).data(AuditLogModel::DecodedRole).toBool() && all;
                return all;
            },
            10000);
    }

    static QByteArray readFile(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

    // Writes a realistic few days of actions straight to the log, with times of our choosing.
    static void seedLog(AuditLog &log, const QString &server)
    {
        const QDateTime start = QDateTime::currentDateTimeUtc().addDays(-2);
        const struct
        {
            int minutes;
            const char *action;
            const char *arguments; // JSON
            qint64 count;
            const char *outcome;
            const char *message;
        } rows[] = {
            {0, "config set", R"({"option":"heartbeat","value":"120","previous":"60"})", 0, "done",
             "heartbeat set to 120 (was 60)."},
            {35, "unfail", R"({"group":"failed-retries-crawl","queue":"crawl"})", 1250, "done", "1250 moved"},
            {80, "cancel", R"({"queue":"parse","state":"scheduled"})", 312, "partial",
             "312 cancelled; 18 skipped: they have dependents"},
            {140, "move", R"({"from":"thumbnails","to":"thumbnails-slow"})", 4000, "cancelled",
             "stopped by the operator after 4000 of 9100"},
            {600, "config set", R"({"option":"crawl-heartbeat","value":"300","previous":null})", 0, "done",
             "crawl-heartbeat set to 300 (was not set)."},
            {1500, "retry", R"({"queue":"reports"})", 0, "failed", "The connection was lost before the reply came"},
            {2900, "priority", R"({"queue":"notify","priority":10})", 87, "done", "87 jobs"},
        };
        for (const auto &row : rows) {
            AuditRecord r = record(QString::fromLatin1(row.action), QJsonDocument::fromJson(row.arguments).object(),
                                   row.count, QString::fromLatin1(row.outcome), QString::fromLatin1(row.message));
            r.time = start.addSecs(row.minutes * 60);
            r.server = server;
            QVERIFY(log.append(r));
        }
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopServer(); }
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    void newestFirstAndReloadsOnAudit()
    {
        auto s = auditedSession();
        ActivityPage page(s.get());
        QCOMPARE(page.title(), QStringLiteral("Activity"));
        page.resize(1300, 500);
        page.show();
        QAbstractItemModelTester tester(page.view()->model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(rowsRead(page, 0));
        QTRY_VERIFY(page.noteLabel()->isVisible());
        QVERIFY(page.noteLabel()->text().startsWith(QStringLiteral("Nothing written yet")));
        QVERIFY(page.pathLabel()->text().contains(
            QDir::toNativeSeparators(m_dir->filePath(QStringLiteral("audit.jsonl")))));

        QVERIFY(s->audit(record(QStringLiteral("config set"),
                                {{QStringLiteral("option"), QStringLiteral("heartbeat")},
                                 {QStringLiteral("value"), QStringLiteral("30")}},
                                0, QStringLiteral("done"))));
        QVERIFY(s->audit(record(QStringLiteral("unfail"), {{QStringLiteral("group"), QStringLiteral("boom")}}, 25,
                                QStringLiteral("partial"), QStringLiteral("25 moved; 3 gone"))));
        QVERIFY(s->audit(record(QStringLiteral("cancel"), {{QStringLiteral("queue"), QStringLiteral("q1")}}, 0,
                                QStringLiteral("failed"), QStringLiteral("refused: dependents"))));

        // No refresh asked: the session's audited signal reloads the page.
        QVERIFY(rowsRead(page, 3));
        QVERIFY(page.noteLabel()->isHidden());
        QCOMPARE(cell(page, 0, AuditLogModel::ActionColumn), QStringLiteral("cancel"));
        QCOMPARE(cell(page, 1, AuditLogModel::ActionColumn), QStringLiteral("unfail"));
        QCOMPARE(cell(page, 2, AuditLogModel::ActionColumn), QStringLiteral("config set"));
        QCOMPARE(cell(page, 0, AuditLogModel::OutcomeColumn), QStringLiteral("Failed"));
        QCOMPARE(cell(page, 1, AuditLogModel::CountColumn), QStringLiteral("25"));
        QCOMPARE(cell(page, 2, AuditLogModel::DetailsColumn), QStringLiteral("option=heartbeat, value=30"));
        QCOMPARE(cell(page, 0, AuditLogModel::ServerColumn), s->settings().describe());
        // Local time, to the second.
        const QList<AuditRecord> written = s->auditLog()->records();
        QCOMPARE(cell(page, 0, AuditLogModel::TimeColumn),
                 written.first().time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
        // Failed and partial stand out; done does not.
        const QAbstractItemModel *model = page.view()->model();
        QVERIFY(model->index(0, AuditLogModel::OutcomeColumn).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(model->index(1, AuditLogModel::OutcomeColumn).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!model->index(2, AuditLogModel::OutcomeColumn).data(Qt::FontRole).isValid());
        QVERIFY(model->index(0, AuditLogModel::OutcomeColumn).data(Qt::ForegroundRole).isValid());

        // The window's refresh reads the file too, and never claims fresh server data.
        bool finished = false;
        bool ok = true;
        page.refresh([&](bool fine) {
            finished = true;
            ok = fine;
        });
        QVERIFY(finished);
        QVERIFY(!ok);
        QVERIFY(rowsRead(page, 3));
    }

    void damagedAndUnreadable()
    {
        auto s = auditedSession();
        QVERIFY(s->audit(record(QStringLiteral("move"), {}, 1, QStringLiteral("done"))));
        {
            QFile file(s->auditLog()->filePath());
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Append));
            file.write("{\"time\":\"2026-11-21T10:00:00.000Z\",\"act\n");
        }
        ActivityPage page(s.get());
        page.show();
        // The damaged line is a row of its own, marked as such, and the note says so.
        QVERIFY(rowsRead(page, 2));
        QCOMPARE(cell(page, 0, AuditLogModel::ActionColumn), QStringLiteral("damaged line"));
        QCOMPARE(cell(page, 0, AuditLogModel::DetailsColumn),
                 QStringLiteral("{\"time\":\"2026-11-21T10:00:00.000Z\",\"act"));
        QVERIFY(page.view()->model()->index(0, AuditLogModel::OutcomeColumn).data(Qt::FontRole).value<QFont>().bold());
        QCOMPARE(cell(page, 1, AuditLogModel::ActionColumn), QStringLiteral("move"));
        QTRY_VERIFY(page.noteLabel()->isVisible());
        QCOMPARE(page.noteLabel()->text(), QStringLiteral("1 damaged line of the log (a crash while writing, or a hand "
                                                          "edit) marked in the table; everything else is shown."));

        // A folder where the log should be: said, not shown as an empty log.
        QVERIFY(QDir(m_dir->path()).mkdir(QStringLiteral("folder.jsonl")));
        s->setAuditLog(std::make_shared<AuditLog>(m_dir->filePath(QStringLiteral("folder.jsonl"))));
        page.reload();
        QTRY_VERIFY2(page.noteLabel()->text().startsWith(QStringLiteral("The audit log cannot be read")),
                     qPrintable(page.noteLabel()->text()));
        QCOMPARE(page.view()->model()->rowCount(), 0);
        QVERIFY(page.pathLabel()->text().contains(QStringLiteral("folder.jsonl")));

        // A write the log cannot record is said on the page too.
        QVERIFY(!s->audit(record(QStringLiteral("move"), {}, 1, QStringLiteral("done"))));
        QVERIFY(page.statusLabel()->isVisible());
        QVERIFY2(page.statusLabel()->text().contains(QStringLiteral("could not be written")),
                 qPrintable(page.statusLabel()->text()));
    }

    void exportsCsv()
    {
        auto s = auditedSession();
        seedLog(*s->auditLog(), s->settings().describe());
        ActivityPage page(s.get());
        page.resize(1300, 420);
        page.show();
        QVERIFY(rowsRead(page, 7));

        // Through the button and its file dialog, as an operator does.
        QTest::mouseClick(page.exportButton(), Qt::LeftButton);
        QFileDialog *files = nullptr;
        QVERIFY(QTest::qWaitFor([&] { return (files = page.findChild<QFileDialog *>()) != nullptr; }, 10000));
        const QString path = m_dir->filePath(QStringLiteral("export.csv"));
        emit files->fileSelected(path);
        files->reject();
        // Written through TableExportButton, as every table is: the page says so when it is done.
        QTRY_COMPARE_WITH_TIMEOUT(page.statusLabel()->text(),
                                  QStringLiteral("Saved 7 rows to %1.").arg(QDir::toNativeSeparators(path)), 10000);

        // One line per record, oldest first as the file reads, each the record's fields.
        const QList<QByteArray> lines = readFile(path).split('\n');
        QCOMPARE(lines.first(), QByteArray("time,server,action,arguments,count,outcome,message\r"));
        const QList<AuditRecord> records = s->auditLog()->records();
        QCOMPARE(lines.size(), records.size() + 2); // header, records, and the empty piece after the last \r\n
        for (int i = 0; i < records.size(); ++i) {
            const AuditRecord &r = records.at(records.size() - 1 - i);
            const QByteArray line = lines.at(i + 1);
            const QByteArray start = QByteArray(r.time.toString(Qt::ISODateWithMs).toUtf8() + ',' + r.server.toUtf8()
                                                + ',' + r.action.toUtf8() + ',');
            QVERIFY2(line.startsWith(start), line.constData());
            const QByteArray middle = QByteArray(',' + QByteArray::number(r.count) + ',' + r.outcome.toUtf8() + ',');
            QVERIFY2(line.contains(middle), line.constData());
            const QByteArray message = r.message.toUtf8();
            QVERIFY2(line.endsWith(QByteArray(message + '\r')) || line.endsWith(QByteArray(message + "\"\r")),
                     line.constData());
        }
        screenshot(&page, QStringLiteral("activity"));

        // A place that cannot be written: said on the page, in red.
        {
            QFile blocker(m_dir->filePath(QStringLiteral("blocker")));
            QVERIFY(blocker.open(QIODevice::WriteOnly));
        }
        QVERIFY(!page.exportCsv(m_dir->filePath(QStringLiteral("blocker/out.csv"))));
        QVERIFY2(page.statusLabel()->text().startsWith(QStringLiteral("Export failed: ")),
                 qPrintable(page.statusLabel()->text()));
        QVERIFY(page.statusLabel()->styleSheet().contains(ThemeColors::text(ThemeColors::Tone::Bad).name()));
        screenshot(&page, QStringLiteral("activity-export-failed"));
    }
};

QTEST_MAIN(TestActivityPage)
#include "tst_activitypage.moc"
