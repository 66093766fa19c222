// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessreply.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QStringList>

// What the console's Redis user may do of what qless needs (its ACL), as the session learns it at
// each connect (qless.lua's desk.permissions): whether its writes would all be refused (a user
// without qless's channels, a read-only user) or nothing works at all (no EVALSHA / SCRIPT LOAD),
// and the sentence that tells the operator why and what to grant. Our script refuses such writes
// before changing anything (lua/lib/10-base.lua): this is for saying so before an action is tried.
class UserPermissions
{
    Q_DECLARE_TR_FUNCTIONS(UserPermissions)

public:
    enum class Status {
        NotAsked,   // not connected yet, or the question went unanswered (asked again at reconnect)
        Full,       // may do everything qless's writes need
        CannotTell, // Redis before 7.0 cannot be asked (its users publish everywhere by default)
        Limited,    // some of it refused: see refusedChannels, refusedWrites and refusedReads
        NoScripts,  // may not run qless's script: nothing can be read or changed
    };

    Status status = Status::NotAsked;
    QStringList refusedChannels; // ql:<channel> it may not publish to
    QStringList refusedWrites;   // commands it may not run on qless's keys (HSET, ...)
    QStringList refusedReads;    // commands the console's reads use that it may not run (TIME, ...)
    QString scriptRefusal;       // NoScripts: the server's reason, as it said it

    // From desk.permissions' reply: its object, or NoScripts for a NoPermission error (the
    // script could not run at all). Any other error (the connection dropped) leaves NotAsked.
    static UserPermissions fromReply(const QlessReply<QJsonObject> &reply);

    // Every write of the console would be refused (before changing anything).
    bool writesRefused() const;
    // What the operator reads, one paragraph: what cannot be done, why, and what to grant. Empty
    // when there is nothing to say (a full user, an old Redis, not asked yet).
    QString explanation() const;

    bool operator==(const UserPermissions &other) const;

private:
    QString writesExplanation() const;
    QString readsExplanation() const;
};
