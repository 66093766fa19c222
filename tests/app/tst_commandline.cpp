// SPDX-License-Identifier: GPL-3.0-or-later
#include "redisserver.h"
#include "syncredis.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

// The qlessdesk executable's own command line, run as a user (or a package check) would: with no
// display at all.
class TestCommandLine final : public QObject
{
    Q_OBJECT

    static QString program() { return QCoreApplication::applicationDirPath() + QStringLiteral("/../../app/qlessdesk"); }

    static QProcess *run(const QStringList &args, const QList<QPair<QString, QString>> &variables = {})
    {
        auto *process = new QProcess;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("REDIS_URL"));
        env.remove(QStringLiteral("REDIS_PASSWORD"));
        for (const auto &variable : variables)
            env.insert(variable.first, variable.second);
        process->setProcessEnvironment(env);
        process->start(program(), args);
        process->waitForFinished(30000);
        return process;
    }

    QTemporaryDir m_dir;

private slots:
    void versionWithoutDisplay()
    {
        std::unique_ptr<QProcess> p(run({QStringLiteral("--version")}));
        QCOMPARE(p->exitStatus(), QProcess::NormalExit);
        QCOMPARE(p->exitCode(), 0);
        QVERIFY(p->readAllStandardOutput().startsWith("qlessdesk " QLESSDESK_VERSION));
    }

    void helpNamesTheOptions()
    {
        std::unique_ptr<QProcess> p(run({QStringLiteral("--help")}));
        QCOMPARE(p->exitCode(), 0);
        const QByteArray out = p->readAllStandardOutput();
        QVERIFY(out.contains("--url"));
        QVERIFY(out.contains("--read-only"));
        QVERIFY(out.contains("export-stats"));
    }

    void badUrlIsRefusedClearly()
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        process.setProcessEnvironment(env);
        process.start(program(), {QStringLiteral("--url"), QStringLiteral("ftp://nowhere")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 2);
        const QByteArray err = process.readAllStandardError();
        QVERIFY2(err.contains("qlessdesk: "), err.constData());
    }

    // stderr lands in logs and terminals that others read: a URL that does not parse is shown
    // with its password masked, by the window and by the headless commands alike.
    void aBadUrlNeverShowsItsPassword()
    {
        const QString bad = QStringLiteral("redis://ops:Kq7w Zr4x@h:1");
        QProcess window;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        window.setProcessEnvironment(env);
        window.start(program(), {QStringLiteral("--url"), bad});
        QVERIFY(window.waitForFinished(30000));
        QCOMPARE(window.exitCode(), 2);
        const QByteArray err = window.readAllStandardError();
        QVERIFY2(err.contains("ops:******@h:1"), err.constData());
        QVERIFY2(!err.contains("Kq7w") && !err.contains("Zr4x"), err.constData());

        std::unique_ptr<QProcess> headless(
            run({QStringLiteral("export-table"), QStringLiteral("--url"), bad, QStringLiteral("--view"),
                 QStringLiteral("queues"), QStringLiteral("--out"), m_dir.filePath(QStringLiteral("never.csv"))}));
        QCOMPARE(headless->exitCode(), 2);
        const QByteArray headlessErr = headless->readAllStandardError();
        QVERIFY2(headlessErr.contains("Bad --url"), headlessErr.constData());
        QVERIFY2(!headlessErr.contains("Kq7w") && !headlessErr.contains("Zr4x"), headlessErr.constData());
    }

    // A password on the command line is seen by every user of the machine (ps): it works, with a
    // warning that names the way around it, REDIS_PASSWORD, which works as well.
    void aPasswordCanStayOffTheCommandLine()
    {
        RedisServer server;
        QVERIFY(server.start());
        {
            // After the start: the fixture's readiness probe has no password.
            SyncRedis admin;
            QVERIFY(admin.connectUnix(server.socketPath()));
            QCOMPARE(admin.command({"CONFIG", "SET", "requirepass", "Kq7wZr4x"}).bytes, QByteArray("OK"));
        }
        const QString out = m_dir.filePath(QStringLiteral("queues.csv"));
        const QStringList exportQueues{QStringLiteral("export-table"),
                                       QStringLiteral("--view"),
                                       QStringLiteral("queues"),
                                       QStringLiteral("--out"),
                                       out,
                                       QStringLiteral("--timeout"),
                                       QStringLiteral("10")};

        std::unique_ptr<QProcess> inUrl(
            run(exportQueues
                + QStringList{QStringLiteral("--url"), QStringLiteral("unix://:Kq7wZr4x@") + server.socketPath()}));
        const QByteArray warned = inUrl->readAllStandardError();
        QVERIFY2(inUrl->exitCode() == 0, warned.constData());
        QVERIFY2(warned.contains("warning") && warned.contains("REDIS_PASSWORD"), warned.constData());
        QVERIFY2(!warned.contains("Kq7w"), warned.constData());
        QVERIFY(QFile::remove(out));

        std::unique_ptr<QProcess> inEnvironment(
            run(exportQueues + QStringList{QStringLiteral("--url"), QStringLiteral("unix://") + server.socketPath()},
                {{QStringLiteral("REDIS_PASSWORD"), QStringLiteral("Kq7wZr4x")}}));
        const QByteArray quiet = inEnvironment->readAllStandardError();
        QVERIFY2(inEnvironment->exitCode() == 0, quiet.constData());
        QVERIFY2(quiet.isEmpty(), quiet.constData());
        QVERIFY(QFile::exists(out));
        QVERIFY(QFile::remove(out));

        // Without it the server's refusal is the answer, and it asks for a password.
        std::unique_ptr<QProcess> without(
            run(exportQueues + QStringList{QStringLiteral("--url"), QStringLiteral("unix://") + server.socketPath()}));
        const QByteArray refused = without->readAllStandardError();
        QCOMPARE(without->exitCode(), 1);
        QVERIFY2(refused.contains("password"), refused.constData());
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
