// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandguard.h"

#include <QSet>

#include <algorithm>

namespace {
QString notHere(const QByteArray &name, const QString &why)
{
    return QStringLiteral("%1 is not sent on this connection: %2").arg(QString::fromUtf8(name), why);
}
} // namespace

QString CommandGuard::refusal(const QList<QByteArray> &argv)
{
    if (argv.isEmpty())
        return QStringLiteral("An empty command is not sent");
    const QByteArray name = argv.first().toUpper();
    const QByteArray sub = argv.size() > 1 ? argv.at(1).toUpper() : QByteArray();

    static const QSet<QByteArray> pushes{"SUBSCRIBE",    "PSUBSCRIBE", "SSUBSCRIBE", "UNSUBSCRIBE", "PUNSUBSCRIBE",
                                         "SUNSUBSCRIBE", "MONITOR",    "SYNC",       "PSYNC",       "REPLCONF"};
    if (pushes.contains(name))
        return notHere(name, QStringLiteral("the server would then send messages nobody asked for, and every "
                                            "reply after it would reach the wrong request"));
    if (name == "CLIENT" && sub == "REPLY" && argv.size() > 2 && argv.at(2).toUpper() != "ON")
        return notHere(name + ' ' + sub + ' ' + argv.at(2).toUpper(),
                       QStringLiteral("the replies it suppresses would leave later requests matched to the "
                                      "wrong replies"));
    if (name == "HELLO" && argv.size() > 1 && argv.at(1) != "2")
        return notHere(name + ' ' + argv.at(1),
                       QStringLiteral("this connection speaks RESP2 only; another protocol version changes "
                                      "the shape of every reply"));
    if (name == "RESET" || name == "QUIT" || name == "SELECT" || name == "AUTH" || name == "SHUTDOWN")
        return notHere(name, QStringLiteral("it would change or end the connection every other request shares; "
                                            "the database and the user belong in the connection URL"));
    static const QSet<QByteArray> blocking{"BLPOP",    "BRPOP",    "BRPOPLPUSH", "BLMOVE", "BLMPOP",
                                           "BZPOPMIN", "BZPOPMAX", "BZMPOP",     "WAIT",   "WAITAOF"};
    const bool blockingRead =
        (name == "XREAD" || name == "XREADGROUP")
        && std::any_of(argv.begin() + 1, argv.end(), [](const QByteArray &arg) { return arg.toUpper() == "BLOCK"; });
    if (blocking.contains(name) || blockingRead)
        return notHere(name, QStringLiteral("it blocks, and every request behind it on the shared connection "
                                            "would wait as long"));
    return QString();
}
