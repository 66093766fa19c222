// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobsearchstep.h"

#include "replyvalues.h"

namespace {
RedisError badReply(const QString &what)
{
    return RedisError::make(RedisError::Kind::BadReply, QStringLiteral("Unexpected SideJob reply: %1").arg(what));
}

QString string(const RedisReply &reply)
{
    return QString::fromUtf8(ReplyValues::text(reply));
}
} // namespace

SideJobSearchStep SideJobSearchStep::decode(const RedisReply &reply, RedisError *error)
{
    SideJobSearchStep step;
    if (!reply.isArray() || reply.elements.size() < 2) {
        *error = badReply(QStringLiteral("search step is not {next, looked, rows...}"));
        return step;
    }
    step.next = ReplyValues::count(reply.elements.at(0));
    step.looked = ReplyValues::count(reply.elements.at(1));
    for (qsizetype i = 2; i < reply.elements.size(); ++i) {
        const RedisReply &row = reply.elements.at(i);
        if (!row.isArray() || row.elements.size() < 7 || !row.elements.at(6).isArray()) {
            *error = badReply(QStringLiteral("a search row is not {id, layout, status, queue, class, args, ports}"));
            return {};
        }
        const auto &e = row.elements;
        SideJobSearchCandidate c;
        c.id = ReplyValues::count(e.at(0));
        c.layout = string(e.at(1));
        c.status = string(e.at(2));
        c.queue = string(e.at(3));
        c.klass = string(e.at(4));
        c.args = ReplyValues::text(e.at(5));
        for (const RedisReply &value : e.at(6).elements)
            c.ports << ReplyValues::text(value);
        step.candidates << c;
    }
    return step;
}
