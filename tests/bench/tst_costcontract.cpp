// SPDX-License-Identifier: GPL-3.0-or-later
// The cost contract (issue #30): every command the console can send states its bound beside its
// definition and has a calls-alone kind in the bench that times it alone at a large
// deployment's scale. The commands are read from the code, not from a list kept by hand: the Api
// entries of lua/qless.lua, the script commands the C++ under redis/, model/ and app/ names where
// it sends them, the plain Redis commands it builds there, and Blueque's scripts (every one of
// lua/blueque, which the console embeds, named "blueque <name>" as its kinds are). A site the
// scan cannot read fails the test, so a new way of sending is noticed rather than passed over.
#include "callkinds.h"
#include "costcontractsources.h"

#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

namespace {
using namespace ContractSources;

// Plain commands timed by no kind, each with why its cost cannot grow with the data.
const QMap<QByteArray, QString> &exemptions()
{
    static const QMap<QByteArray, QString> why{
        {"EVALSHA", QStringLiteral("the carrier of every script command, each timed by its own kind")},
        {"AUTH", QStringLiteral("once a connect; checks one password, whatever the data")},
        {"SELECT", QStringLiteral("once a connect; switches a pointer")},
        {"CLIENT SETNAME", QStringLiteral("once a connect; names the connection (a kind would rename the "
                                          "connection the bench tells the console's calls by)")},
        {"SUBSCRIBE", QStringLiteral("once a connect on the events connection; a few channels")},
        {"PSUBSCRIBE", QStringLiteral("once a connect on the events connection; a few patterns")},
        {"SENTINEL", QStringLiteral("asked of a sentinel, not of the Redis holding the queues")},
        {"EVAL",
         QStringLiteral("the carrier of Blueque's read scripts (BluequeClient), each timed by its own kind as "
                        "\"blueque <name>\"; and of SideJob's (detect, jobpage, jobrecord, portpage, search, sidekiq, "
                        "sortedpage; ScriptRead::eval), each bounded by its -- Bound: comment, no bench kind yet")},
        // The simulator's Blueque listeners (app/simulator/bluequewire.cpp): the single commands
        // ustudio/Blueque v1.0.0 itself sends, played on a demo database; each O(1) whatever the data.
        {"RPOPLPUSH", QStringLiteral("the simulated Blueque listener's dequeue: one element")},
        {"HSET", QStringLiteral("the simulated Blueque listener's status write: a few fields of one hash")},
        {"SREM", QStringLiteral("the simulated Blueque claim_orphan: one member")},
        {"ZINCRBY", QStringLiteral("the simulated Blueque claim_orphan: one score")},
        {"LINDEX", QStringLiteral("the simulated Blueque claim_orphan: the head of a list")},
    };
    return why;
}

// Script commands: every call of a sender (QlessScriptCaller's read, write, writeOnce,
// readPerJid, readInParts and unified, called by QlessClient's areas as m_caller.<sender>;
// SimulatorWire's unified) names its command as a literal, or as a variable set from literals
// in the same file, or forwards its own parameter (a sender calling another). `unreadable` gets
// every site that is none of these.
QMap<QByteArray, QString> scriptCommandsSent(const Sources &sources, QStringList *unreadable)
{
    static const QRegularExpression sender(QStringLiteral(
        "(?<![\\w.:>])(?:m_caller\\.)?(read|write|writeOnce|readPerJid|readInParts|unified)\\s*(<[^()]*>)?\\s*\\("));
    static const QRegularExpression literal(QStringLiteral("^(?:QByteArray\\()?\"([^\"]+)\"\\)?$"));
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_]\\w*$"));
    static const QRegularExpression quoted(QStringLiteral("\"([a-z][a-z.]*)\""));
    static const QRegularExpression scriptBuilt(
        QStringLiteral("\\b(readScript|writeScript)\\s*\\(|\\.script\\s*=(?!=)"));
    QMap<QByteArray, QString> sent;
    for (auto file = sources.files.cbegin(); file != sources.files.cend(); ++file) {
        const QString &text = file.value();
        // Every script call is built by RedisCommand::readScript/writeScript, and only these
        // two files build one: QlessScriptCaller's (its senders are called in the files
        // that include qlessclientcalls.h) and the simulator's wire.
        const bool builder = file.key() == QLatin1String("redis/client/qlessscriptcaller.cpp")
                             || file.key() == QLatin1String("redis/client/qlessclientcalls.h")
                             || file.key() == QLatin1String("app/simulator/simulatorwire.cpp");
        const QRegularExpressionMatch elsewhere = scriptBuilt.match(text);
        if (!builder && !file.key().startsWith(QLatin1String("redis/protocol/rediscommand.")) && elsewhere.hasMatch())
            unreadable->append(QStringLiteral("%1:%2: a script call built outside QlessClient and SimulatorWire")
                                   .arg(file.key())
                                   .arg(lineOf(text, elsewhere.capturedStart())));
        if (!builder && !text.contains(QLatin1String("#include \"qlessclientcalls.h\"")))
            continue;
        auto it = sender.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const QString name = m.captured(1);
            const QStringList args = firstArguments(text, m.capturedEnd() - 1, 2);
            if (args.isEmpty())
                continue;
            // A declaration or definition of a sender, not a call: its first argument has a type.
            if (args.first().contains(QLatin1Char(' ')) && !args.first().contains(QLatin1Char('"')))
                continue;
            const bool second = name == QLatin1String("writeOnce")
                                || (name == QLatin1String("unified")
                                    && (args.first() == QLatin1String("false") || args.first() == QLatin1String("true")
                                        || args.first() == QLatin1String("writes")));
            const QString arg = args.value(second ? 1 : 0);
            const QString site = QStringLiteral("%1:%2").arg(file.key()).arg(lineOf(text, m.capturedStart()));
            const QRegularExpressionMatch lit = literal.match(arg);
            if (lit.hasMatch()) {
                sent.insert(lit.captured(1).toUtf8(), site);
                continue;
            }
            if (!identifier.match(arg).hasMatch()) {
                unreadable->append(site + QStringLiteral(": ") + arg);
                continue;
            }
            // A sender's own parameter, forwarded: its callers are senders read above.
            const QRegularExpression parameter(
                QStringLiteral(
                    "\\b(read|write|writeOnce|readPerJid|readInParts|unified)\\s*\\([^)]*const QByteArray &%1\\b")
                    .arg(arg));
            if (parameter.match(text).hasMatch())
                continue;
            // A variable set from literals: each literal of its definition is a command sent.
            const QRegularExpression definition(QStringLiteral("\\b%1\\s*=([^;]*);").arg(arg));
            const QRegularExpressionMatch defined = definition.match(text);
            if (!defined.hasMatch() || !quoted.match(defined.captured(1)).hasMatch()) {
                unreadable->append(site + QStringLiteral(": ") + arg);
                continue;
            }
            auto names = quoted.globalMatch(defined.captured(1));
            while (names.hasNext())
                sent.insert(names.next().captured(1).toUtf8(), site);
        }
    }
    return sent;
}

// The simulator's Seed shape: per-command scripts (lua/<name>.lua) by name.
QMap<QByteArray, QString> seedScriptsSent(const Sources &sources)
{
    static const QRegularExpression seed(QStringLiteral("\\bseed\\(QStringLiteral\\(\"(\\w+)\"\\)"));
    QMap<QByteArray, QString> sent;
    for (auto file = sources.files.cbegin(); file != sources.files.cend(); ++file) {
        if (file.key() != QLatin1String("app/simulator/simulatorwire.cpp"))
            continue; // its seed() is the only builder of a per-command script call
        auto it = seed.globalMatch(file.value());
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            sent.insert(m.captured(1).toUtf8(),
                        QStringLiteral("%1:%2").arg(file.key()).arg(lineOf(file.value(), m.capturedStart())));
        }
    }
    return sent;
}

// Plain commands: argv lists that start with an upper-case literal where a command is built
// (RedisCommand::read/write, sendInternal, send, RespReader::encode, a QList<QByteArray> made
// for one, `argv << "EVALSHA"`); a second upper-case literal is its subcommand ("SCRIPT LOAD").
// Every RedisCommand::read/write, sendInternal and RespReader::encode site must be one of these,
// or pass a variable so built in the same file, or a parameter (the pipeline's own plumbing).
QMap<QByteArray, QString> plainCommandsSent(const Sources &sources, QStringList *unreadable,
                                            QStringList *allSites = nullptr)
{
    static const QRegularExpression built(QStringLiteral("(?:RedisCommand::(?:read|write)\\(|sendInternal\\(|\\bsend\\("
                                                         "|RespReader::encode\\(|QList<QByteArray>\\s*\\w*\\s*)"
                                                         "\\{\\s*\"([A-Z][A-Z-]+)\"(?:\\s*,\\s*\"([A-Z][A-Z-]+)\")?"));
    static const QRegularExpression streamed(QStringLiteral("<<\\s*\"([A-Z][A-Z]+)\"\\s*<<"));
    static const QRegularExpression site(
        QStringLiteral("(RedisCommand::(?:read|write)|sendInternal|RespReader::encode)\\s*\\("));
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_]\\w*$"));
    QMap<QByteArray, QString> sent;
    for (auto file = sources.files.cbegin(); file != sources.files.cend(); ++file) {
        const QString &text = file.value();
        if (file.key() == QLatin1String("redis/protocol/commandguard.cpp"))
            continue; // what the connection refuses to send, not what it sends
        auto it = built.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            QByteArray name = m.captured(1).toUtf8();
            if (!m.captured(2).isEmpty())
                name += ' ' + m.captured(2).toUtf8();
            sent.insert(name, QStringLiteral("%1:%2").arg(file.key()).arg(lineOf(text, m.capturedStart())));
            if (allSites)
                allSites->append(sent.value(name));
        }
        auto streams = streamed.globalMatch(text);
        while (streams.hasNext()) {
            const QRegularExpressionMatch m = streams.next();
            sent.insert(m.captured(1).toUtf8(),
                        QStringLiteral("%1:%2").arg(file.key()).arg(lineOf(text, m.capturedStart())));
            if (allSites)
                allSites->append(sent.value(m.captured(1).toUtf8()));
        }
        auto sites = site.globalMatch(text);
        while (sites.hasNext()) {
            const QRegularExpressionMatch m = sites.next();
            const QStringList args = firstArguments(text, m.capturedEnd() - 1, 1);
            const QString arg = args.value(0);
            if (arg.startsWith(QLatin1Char('{')) || arg.startsWith(QLatin1String("QList<QByteArray>{")))
                continue; // read above
            if (arg.contains(QLatin1Char(' ')) && !arg.contains(QLatin1Char('"')))
                continue; // a declaration
            const QString where = QStringLiteral("%1:%2").arg(file.key()).arg(lineOf(text, m.capturedStart()));
            if (!identifier.match(arg).hasMatch()) {
                unreadable->append(where + QStringLiteral(": ") + arg);
                continue;
            }
            const bool builtHere =
                QRegularExpression(QStringLiteral("QList<QByteArray>\\s+%1\\s*\\{\\s*\"[A-Z]").arg(arg))
                    .match(text)
                    .hasMatch();
            const bool parameter = QRegularExpression(QStringLiteral("\\([^)]*const QList<QByteArray> &%1\\b").arg(arg))
                                       .match(text)
                                       .hasMatch();
            const bool streamedHere =
                QRegularExpression(QStringLiteral("\\b%1\\s*<<\\s*\"[A-Z]").arg(arg)).match(text).hasMatch();
            if (!builtHere && !parameter && !streamedHere)
                unreadable->append(where + QStringLiteral(": ") + arg);
        }
    }
    return sent;
}
} // namespace

class TestCostContract : public QObject
{
    Q_OBJECT

private slots:
    void everyApiEntryStatesItsBound();
    void everyBluequeScriptStatesItsBound();
    void everyBluequeScriptSentIsEmbedded();
    void everyPlainCommandStatesItsBound();
    void theScanReadsEverySendingSite();
    void everyScriptCommandSentIsAnApiEntry();
    void everyCommandSentHasAKind();
    void everyKindNamesACommandSent();
};

void TestCostContract::everyApiEntryStatesItsBound()
{
    const QList<ApiEntry> entries = apiEntries();
    QVERIFY2(entries.size() > 50, "lua/qless.lua's Api entries were not found");
    QStringList missing;
    for (const ApiEntry &entry : entries) {
        if (!entry.bounded)
            missing << QStringLiteral("%1 (%2)").arg(QString::fromUtf8(entry.name), entry.where);
    }
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("no \"-- Bound: \" line right above: ") + missing.join(QStringLiteral(", "))));
}

void TestCostContract::everyBluequeScriptStatesItsBound()
{
    const QList<ApiEntry> scripts = bluequeScripts();
    QVERIFY2(scripts.size() >= 3, "lua/blueque's scripts were not found");
    QStringList missing;
    for (const ApiEntry &script : scripts) {
        if (!script.bounded)
            missing << script.where;
    }
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("no \"-- Bound: \" line: ") + missing.join(QStringLiteral(", "))));
}

void TestCostContract::everyBluequeScriptSentIsEmbedded()
{
    QSet<QByteArray> embedded;
    for (const ApiEntry &script : bluequeScripts())
        embedded.insert(script.name);
    QStringList ignored;
    const QMap<QByteArray, QString> sent = bluequeScriptsSent(consoleSources(), &ignored);
    QVERIFY2(sent.contains("blueque overview"), "the console's Blueque read scripts were not found");
    QStringList unknown;
    for (auto it = sent.cbegin(); it != sent.cend(); ++it) {
        if (!embedded.contains(it.key()))
            unknown << QStringLiteral("%1 (%2)").arg(QString::fromUtf8(it.key()), it.value());
    }
    QVERIFY2(unknown.isEmpty(),
             qPrintable(QStringLiteral("sent but not in lua/blueque: ") + unknown.join(QStringLiteral(", "))));
}

// A plain command's bound is a "// Bound:" comment on the line that builds it or above it within
// its statement: the formatter may put the command on the line after `send(`.
void TestCostContract::everyPlainCommandStatesItsBound()
{
    QStringList ignored;
    QStringList sites;
    plainCommandsSent(consoleSources(), &ignored, &sites);
    QVERIFY2(sites.size() > 10, "the console's plain commands were not found");
    QStringList missing;
    for (const QString &site : std::as_const(sites)) {
        const QString path = site.section(QLatin1Char(':'), 0, 0);
        const int line = site.section(QLatin1Char(':'), 1, 1).toInt();
        const QStringList lines = readText(sourceDir() + QLatin1Char('/') + path).split(QLatin1Char('\n'));
        const auto bound = [&lines](int n) {
            return n >= 1 && n <= lines.size() && lines.at(n - 1).contains(QLatin1String("// Bound: "));
        };
        // Up from the command's line to the comment right above the statement holding it; a line
        // ending a statement or opening a block is where the statement began.
        bool found = bound(line);
        for (int n = line - 1; !found && n >= 1 && n > line - 4; --n) {
            if (bound(n)) {
                found = true;
                break;
            }
            const QString text = lines.at(n - 1).trimmed();
            if (text.endsWith(QLatin1Char(';')) || text.endsWith(QLatin1Char('{')) || text.endsWith(QLatin1Char('}')))
                break;
        }
        if (!found)
            missing << site;
    }
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("no \"// Bound: \" comment on or above: ")
                                           + missing.join(QStringLiteral(", "))));
}

void TestCostContract::theScanReadsEverySendingSite()
{
    const Sources sources = consoleSources();
    QStringList unreadable;
    scriptCommandsSent(sources, &unreadable);
    plainCommandsSent(sources, &unreadable);
    bluequeScriptsSent(sources, &unreadable);
    QVERIFY2(unreadable.isEmpty(),
             qPrintable(QStringLiteral("sites whose command the contract cannot read (name it by a literal, "
                                       "or teach tst_costcontract): ")
                        + unreadable.join(QStringLiteral("; "))));
}

void TestCostContract::everyScriptCommandSentIsAnApiEntry()
{
    QSet<QByteArray> api;
    for (const ApiEntry &entry : apiEntries())
        api.insert(entry.name);
    QStringList unknown;
    QStringList ignored;
    const QMap<QByteArray, QString> sent = scriptCommandsSent(consoleSources(), &ignored);
    QVERIFY2(sent.size() > 30, "the console's script commands were not found");
    for (auto it = sent.cbegin(); it != sent.cend(); ++it) {
        if (!api.contains(it.key()))
            unknown << QStringLiteral("%1 (%2)").arg(QString::fromUtf8(it.key()), it.value());
    }
    QVERIFY2(unknown.isEmpty(),
             qPrintable(QStringLiteral("sent but no Api entry: ") + unknown.join(QStringLiteral(", "))));
    QStringList notSent;
    for (const QByteArray &name : std::as_const(api)) {
        if (!sent.contains(name))
            notSent << QString::fromUtf8(name);
    }
    notSent.sort();
    qInfo("not sent by the console (no kind needed): %s", qPrintable(notSent.join(QStringLiteral(", "))));
}

void TestCostContract::everyCommandSentHasAKind()
{
    const Sources sources = consoleSources();
    QStringList ignored;
    QStringList missing;
    const QMap<QByteArray, QString> scripts = scriptCommandsSent(sources, &ignored);
    for (auto it = scripts.cbegin(); it != scripts.cend(); ++it) {
        if (CallKinds::of(it.key()).isEmpty())
            missing << QStringLiteral("%1 (sent at %2)").arg(QString::fromUtf8(it.key()), it.value());
    }
    // The Seed shape's per-command scripts run the library functions the unified command of the
    // same name runs (config: config.set): timed by that command's kind.
    const QMap<QByteArray, QString> seeds = seedScriptsSent(sources);
    QVERIFY2(!seeds.isEmpty(), "the simulator's seed scripts were not found");
    for (auto it = seeds.cbegin(); it != seeds.cend(); ++it) {
        const QByteArray unified = it.key() == "config" ? QByteArray("config.set") : it.key();
        if (CallKinds::of(unified).isEmpty())
            missing
                << QStringLiteral("%1 (per-command script, sent at %2)").arg(QString::fromUtf8(it.key()), it.value());
    }
    // Every Blueque script: the console embeds them all, and its actions send them by SHA.
    for (const ApiEntry &script : bluequeScripts()) {
        if (CallKinds::of(script.name).isEmpty())
            missing << QStringLiteral("%1 (%2)").arg(QString::fromUtf8(script.name), script.where);
    }
    const QMap<QByteArray, QString> plain = plainCommandsSent(sources, &ignored);
    QVERIFY2(plain.contains("TIME") && plain.contains("SCRIPT LOAD"), "the console's plain commands were not found");
    qInfo("plain commands sent: %s", qPrintable(QString::fromUtf8(plain.keys().join(", "))));
    for (auto it = plain.cbegin(); it != plain.cend(); ++it) {
        if (CallKinds::of(it.key()).isEmpty() && !exemptions().contains(it.key()))
            missing << QStringLiteral("%1 (plain, sent at %2)").arg(QString::fromUtf8(it.key()), it.value());
    }
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("no calls-alone kind: ") + missing.join(QStringLiteral(", "))));
}

void TestCostContract::everyKindNamesACommandSent()
{
    const Sources sources = consoleSources();
    QStringList ignored;
    const QMap<QByteArray, QString> scripts = scriptCommandsSent(sources, &ignored);
    const QMap<QByteArray, QString> plain = plainCommandsSent(sources, &ignored);
    QSet<QByteArray> blueque;
    for (const ApiEntry &script : bluequeScripts())
        blueque.insert(script.name);
    QStringList stale;
    for (const CallKind &kind : CallKinds::all()) {
        if (!scripts.contains(kind.command) && !plain.contains(kind.command) && !blueque.contains(kind.command))
            stale << QString::fromUtf8(kind.command);
    }
    for (auto it = exemptions().cbegin(); it != exemptions().cend(); ++it) {
        if (!plain.contains(it.key()))
            stale << QString::fromUtf8(it.key()) + QStringLiteral(" (exempted)");
    }
    QVERIFY2(stale.isEmpty(), qPrintable(QStringLiteral("named but never sent: ") + stale.join(QStringLiteral(", "))));
}

QTEST_GUILESS_MAIN(TestCostContract)
#include "tst_costcontract.moc"
