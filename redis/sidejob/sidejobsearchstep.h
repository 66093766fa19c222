// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rediserror.h"
#include "redisreply.h"

#include <QByteArray>
#include <QList>
#include <QString>

// One job as lua/sidejob/search.lua hands it out: what a search matches against.
struct SideJobSearchCandidate
{
    qint64 id = 0;
    QString layout; // "4.1" or "4.0"
    QString status;
    QString queue;
    QString klass;
    QByteArray args;         // as stored, cut to 4096 bytes
    QList<QByteArray> ports; // "in:<port>\t<value>", the first values of each port
};

// One step of the walk: where it goes on, how many ids it looked at, and the candidates.
struct SideJobSearchStep
{
    qint64 next = 0; // 0: the walk is done
    qint64 looked = 0;
    QList<SideJobSearchCandidate> candidates;

    // search.lua's reply decoded; a reply of the wrong shape is a BadReply error.
    static SideJobSearchStep decode(const RedisReply &reply, RedisError *error);
};
