// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"
#include "rediserror.h"
#include "scriptlibrary.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

// The shape of every refusal: what Redis replies when one of our scripts refuses a call must read
// as a refusal of qless-core's own qless.lua reads, since clients sort errors by that shape. The
// qless gem raises Qless::LuaScriptError (and so Job::CantCompleteError, which its worker rescues)
// only for a reply matching its lib/qless/lua_script.rb pattern below; any other reply becomes a
// bare Redis::CommandError. And the console still shows each one in our words alone.
// Runs against another build of the unified script with QLESSDESK_QLESS_LUA=path. The gem's own
// differs in two rows' words, and where it hands bad arguments on to Redis (pop with a count that
// is not a number, pause with no queue), whose refusals have no position: ours checks them first.
class TestQlessErrorShape final : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_q;

    // The gem's own pattern (lib/qless/lua_script.rb), as Ruby reads it: `$` ends a line.
    static const QRegularExpression &gemPattern()
    {
        static const QRegularExpression pattern(QStringLiteral("user_script:\\d+:\\s*(\\w+.+$)"),
                                                QRegularExpression::MultilineOption);
        return pattern;
    }

    // Why `reply` would not be read as a script's refusal; empty when it would.
    static QString notGemShaped(const RedisValue &reply)
    {
        if (!reply.isError())
            return QStringLiteral("not refused: ") + QString::fromUtf8(describe(reply));
        if (!gemPattern().match(QString::fromUtf8(reply.bytes)).hasMatch())
            return QStringLiteral("not in the gem's shape: ") + QString::fromUtf8(reply.bytes);
        return QString();
    }

    // The command names the unified script dispatches, read from its source: ours keeps them in
    // `Api['name']`, qless-core in `QlessAPI.name` / `QlessAPI['name']`.
    QStringList commandNames()
    {
        QFile file(m_q.qlessScriptPath());
        if (!file.open(QIODevice::ReadOnly))
            return {};
        const QString source = QString::fromUtf8(file.readAll());
        static const QRegularExpression entry(QStringLiteral(
                                                  "^\\s*(?:Api|QlessAPI)(?:\\['([\\w.\\-]+)'\\]|\\.(\\w+))\\s*="),
                                              QRegularExpression::MultilineOption);
        QStringList names;
        for (auto it = entry.globalMatch(source); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            const QString name = match.captured(1).isEmpty() ? match.captured(2) : match.captured(1);
            if (!names.contains(name))
                names << name;
        }
        return names;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
    }
    void init() { m_q.flush(); }

    // Refusals the gem's client and worker act on, each in the gem's shape, read by the console
    // as a script's refusal in the script's words alone.
    void knownRefusals_data()
    {
        QTest::addColumn<QList<QByteArray>>("keys");
        QTest::addColumn<QList<QByteArray>>("argv");
        QTest::addColumn<QString>("words");
        using L = QList<QByteArray>;
        QTest::newRow("complete, no such job") << L{} << L{"complete", "1", "nojid", "w", "q", "{}"}
                                               << QStringLiteral("Complete(): Job nojid does not exist");
        QTest::newRow("complete, job failed meanwhile")
            << L{} << L{"complete", "3", "failedjid", "w", "q", "{}"}
            << QStringLiteral("Complete(): Job failedjid is not currently running: failed");
        QTest::newRow("fail, job not running") << L{} << L{"fail", "3", "failedjid", "w", "g", "m", "{}"}
                                               << QStringLiteral("Fail(): Job failedjid not currently running: failed");
        QTest::newRow("heartbeat, job not running")
            << L{} << L{"heartbeat", "3", "failedjid", "w", "{}"}
            << QStringLiteral("Heartbeat(): Job failedjid not currently running: failed");
        QTest::newRow("tag, no such job")
            << L{} << L{"tag", "1", "add", "nojid", "t"} << QStringLiteral("Tag(): Job nojid does not exist");
        QTest::newRow("unknown command") << L{} << L{"nocommand", "1"} << QStringLiteral("Unknown command nocommand");
        QTest::newRow("keys given") << L{"k"} << L{"put", "1"} << QStringLiteral("No Keys should be provided");
        QTest::newRow("now not a number")
            << L{} << L{"put", "soon"} << QStringLiteral("Arg \"now\" missing or not a number: soon");
    }
    void knownRefusals()
    {
        QFETCH(QList<QByteArray>, keys);
        QFETCH(QList<QByteArray>, argv);
        QFETCH(QString, words);
        // A job that a worker ran and that failed meanwhile (timed out, failed by another).
        QVERIFY(!m_q.qless("put", 0, {"w", "q", "failedjid", "K", "{}", "0"}).isError());
        QVERIFY(!m_q.qless("pop", 1, {"q", "w", "1"}).isError());
        QVERIFY(!m_q.qless("fail", 2, {"failedjid", "w", "g", "m", "{}"}).isError());

        const RedisValue reply = m_q.qlessRaw(keys, argv);
        const QString why = notGemShaped(reply);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        // What the gem's LuaScriptError carries: our words first.
        const QString carried = gemPattern().match(QString::fromUtf8(reply.bytes)).captured(1);
        QVERIFY2(carried.startsWith(words), qPrintable(carried));

        const RedisError error = RedisError::fromServer(reply.bytes);
        QCOMPARE(error.kind, RedisError::Kind::ScriptError);
        QCOMPARE(error.message, words);
    }

    // Every command the unified script dispatches, called with nothing after `now` and with
    // arguments that cannot be right: whatever it refuses, it refuses in the gem's shape.
    void everyCommandRefusesInTheGemsShape()
    {
        const QStringList names = commandNames();
        QVERIFY2(names.size() > 30, qPrintable(names.join(QLatin1Char(' '))));
        const QList<QList<QByteArray>> tails{
            {},
            {"x"},
            {"x", "x", "x", "x", "x", "x", "x", "x"},
            {"-1", "-1", "-1", "-1", "-1", "-1", "-1"},
            {"[", "{", "nan", "1e999", "", "", ""},
        };
        QStringList wrong;
        QSet<QString> refusing;
        int refusals = 0;
        for (const QString &name : names) {
            for (const QList<QByteArray> &tail : tails) {
                m_q.flush();
                const QList<QByteArray> argv = QList<QByteArray>{name.toUtf8(), "1"} + tail;
                const RedisValue reply = m_q.qlessRaw({}, argv);
                if (!reply.isError())
                    continue;
                ++refusals;
                refusing.insert(name);
                const QString why = notGemShaped(reply);
                const RedisError error = RedisError::fromServer(reply.bytes);
                if (!why.isEmpty())
                    wrong << QString::fromUtf8(argv.join(' ')) + QStringLiteral(": ") + why;
                else if (error.kind != RedisError::Kind::ScriptError
                         || error.message.contains(QLatin1String("user_script"))
                         || error.message.contains(QLatin1String("script:")))
                    wrong << QString::fromUtf8(argv.join(' ')) + QStringLiteral(": shown as ")
                                 + RedisError::kindName(error.kind) + QStringLiteral(" '") + error.message
                                 + QLatin1Char('\'');
            }
        }
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1Char('\n'))));
        // Most commands take a jid, a queue or a number: the calls above reached their checks.
        QVERIFY2(refusing.size() * 2 > names.size(), qPrintable(QStringLiteral("%1 refusals, from %2 of %3 commands")
                                                                    .arg(refusals)
                                                                    .arg(refusing.size())
                                                                    .arg(names.size())));
    }

    // The seed's per-command scripts refuse in the same shape.
    void everyFaceRefusesInTheGemsShape()
    {
        if (!qEnvironmentVariableIsEmpty("QLESSDESK_QLESS_LUA"))
            QSKIP("another build of the unified script is under test; the faces are ours");
        QStringList wrong;
        int refusals = 0;
        for (const QString &name : ScriptLibrary::instance().names()) {
            if (name == QLatin1String("qless"))
                continue;
            for (const QList<QByteArray> &args : QList<QList<QByteArray>>{{}, {"x", "x", "x", "x", "x"}}) {
                const RedisValue reply = m_q.call(name, args, {"q"});
                if (!reply.isError())
                    continue;
                ++refusals;
                const QString why = notGemShaped(reply);
                if (!why.isEmpty())
                    wrong << name + QStringLiteral(": ") + why;
                else if (RedisError::fromServer(reply.bytes).message.contains(QLatin1String("user_script")))
                    wrong << name + QStringLiteral(": shown with its position");
            }
        }
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1Char('\n'))));
        QVERIFY2(refusals >= 20, qPrintable(QString::number(refusals)));
    }
};

QTEST_GUILESS_MAIN(TestQlessErrorShape)
#include "tst_qless_errorshape.moc"
