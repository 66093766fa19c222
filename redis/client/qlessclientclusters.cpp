// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclientcalls.h"

// QlessClient's read for failure clusters (qless.lua's desk.failuresigs).

using namespace QlessClientCalls;

namespace {
// {total, jid, when, text, ...}: the total an integer, then three strings a failure.
FailureSigPage failureSigPage(const RedisReply &reply, RedisError *error)
{
    const auto bad = [error](const QString &what) {
        *error = RedisError::make(RedisError::Kind::BadReply,
                                  QStringLiteral("Unexpected reply to desk.failuresigs: %1").arg(what));
        return FailureSigPage();
    };
    if (!reply.isArray() || reply.elements.isEmpty() || reply.elements.constFirst().type != RedisReply::Type::Integer)
        return bad(QStringLiteral("not a page"));
    if ((reply.elements.size() - 1) % 3 != 0)
        return bad(QStringLiteral("%1 items after the total, not three a failure").arg(reply.elements.size() - 1));
    FailureSigPage page;
    page.total = reply.elements.constFirst().integer;
    page.failures.reserve((reply.elements.size() - 1) / 3);
    for (qsizetype i = 1; i + 2 < reply.elements.size(); i += 3) {
        const RedisReply &jid = reply.elements.at(i);
        const RedisReply &when = reply.elements.at(i + 1);
        const RedisReply &text = reply.elements.at(i + 2);
        if (!jid.isString() || !when.isString() || !text.isString())
            return bad(QStringLiteral("a failure that is not three strings"));
        bool number = false;
        FailureSigPage::Failure failure;
        failure.jid = jid.bytes;
        failure.when = when.bytes.toDouble(&number);
        if (!number)
            return bad(QStringLiteral("a time that is not a number: %1").arg(QString::fromUtf8(when.bytes.left(40))));
        failure.text = QString::fromUtf8(text.bytes);
        page.failures.append(failure);
    }
    return page;
}
} // namespace

void QlessClient::failureSigs(const QString &group, qint64 offset, int count, QObject *context,
                              Done<FailureSigPage> done)
{
    read<FailureSigPage>("desk.failuresigs", {utf8(group), QByteArray::number(offset), QByteArray::number(count)},
                         context, &failureSigPage, std::move(done));
}
