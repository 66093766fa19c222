#include <QCoreApplication>
#include <QProcess>
#include <QTest>

// The qlessdesk executable's own command line, run as a user (or a package check) would: with no
// display at all.
class TestCommandLine final : public QObject
{
    Q_OBJECT

    static QString program()
    {
        return QCoreApplication::applicationDirPath() + QStringLiteral("/../../app/qlessdesk");
    }

    static QProcess *run(const QStringList &args)
    {
        auto *process = new QProcess;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("REDIS_URL"));
        process->setProcessEnvironment(env);
        process->start(program(), args);
        process->waitForFinished(30000);
        return process;
    }

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
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
