// SPDX-License-Identifier: GPL-3.0-or-later
#include "userpermissions.h"

#include <QJsonArray>

namespace {
QStringList strings(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &item : value.toArray())
        out.append(item.toString());
    return out;
}

// A few names, then an ellipsis: a user without channels is refused all ten of them.
QString firstFew(const QStringList &names)
{
    constexpr int Shown = 3;
    if (names.size() <= Shown)
        return names.join(QStringLiteral(", "));
    return names.mid(0, Shown).join(QStringLiteral(", ")) + QStringLiteral(", …");
}
} // namespace

UserPermissions UserPermissions::fromReply(const QlessReply<QJsonObject> &reply)
{
    UserPermissions p;
    if (!reply.ok()) {
        if (reply.error.kind == RedisError::Kind::NoPermission) {
            p.status = Status::NoScripts;
            // What Redis said ("NOPERM ... 'evalsha' ..." or "... 'script|load' ..."): the part to act on.
            p.scriptRefusal =
                reply.error.serverText.isEmpty() ? reply.error.message : QString::fromUtf8(reply.error.serverText);
        }
        return p;
    }
    if (!reply.value.value(QLatin1String("known")).toBool()) {
        p.status = Status::CannotTell;
        return p;
    }
    p.refusedChannels = strings(reply.value.value(QLatin1String("channels")));
    p.refusedWrites = strings(reply.value.value(QLatin1String("writes")));
    p.refusedReads = strings(reply.value.value(QLatin1String("reads")));
    const bool all = p.refusedChannels.isEmpty() && p.refusedWrites.isEmpty() && p.refusedReads.isEmpty();
    p.status = all ? Status::Full : Status::Limited;
    return p;
}

bool UserPermissions::writesRefused() const
{
    return status == Status::NoScripts || !refusedChannels.isEmpty() || !refusedWrites.isEmpty();
}

QString UserPermissions::readsExplanation() const
{
    if (refusedReads.isEmpty())
        return {};
    const bool time = refusedReads.contains(QLatin1String("TIME"));
    // Many refused: the user lacks the category; a few: name them.
    const QString grant = refusedReads.size() > 3
                              ? QStringLiteral("+@read") + (time ? QStringLiteral(" +time") : QString())
                              : QStringLiteral("+") + refusedReads.join(QStringLiteral(" +")).toLower();
    if (time)
        return tr("This Redis user may not run %1, which the console's reads use, so the pages that need it fail "
                  "(TIME is in no ACL category: +@read does not grant it). Give it %2.")
            .arg(firstFew(refusedReads), grant);
    return tr("This Redis user may not run %1, which the console's reads use, so the pages that need it fail. "
              "Give it %2.")
        .arg(firstFew(refusedReads), grant);
}

QString UserPermissions::explanation() const
{
    if (status == Status::NoScripts)
        return tr("This Redis user may not run qless's script, so nothing can be read or changed from this "
                  "console. Give it +evalsha and +script|load (or +@scripting). Redis said: %1")
            .arg(scriptRefusal);
    if (status != Status::Limited)
        return {};
    const QString reads = readsExplanation();
    const QString writes = writesExplanation();
    if (writes.isEmpty() || reads.isEmpty())
        return writes + reads;
    return writes + QLatin1Char(' ') + reads;
}

QString UserPermissions::writesExplanation() const
{
    if (!refusedWrites.isEmpty())
        return tr("This Redis user may only read: it may not run %1 on qless's keys, so every change from this "
                  "console would be refused and its actions are disabled. Give it +@write on ~ql:* (and &ql:*) "
                  "to act on jobs.")
            .arg(firstFew(refusedWrites));
    if (refusedChannels.isEmpty())
        return {};
    return tr("This Redis user may not publish to qless's channels (%1), where every change is announced to "
              "workers: every change from this console would be refused and its actions are disabled. Give it "
              "&ql:* (Redis 7 gives a new user no channels); the Events page listens on them too.")
        .arg(firstFew(refusedChannels));
}

bool UserPermissions::operator==(const UserPermissions &other) const
{
    return status == other.status && refusedChannels == other.refusedChannels && refusedWrites == other.refusedWrites
           && refusedReads == other.refusedReads && scriptRefusal == other.scriptRefusal;
}
