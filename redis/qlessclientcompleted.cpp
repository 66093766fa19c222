#include "qlessclientcalls.h"

// QlessClient's filtered read of the completed jobs (qless.lua's desk.completed).

using namespace QlessClientCalls;

namespace {
// desk.completed replies as desk.scan does: {cursor parts, total, jids}.
JobScanPage completedPage(const RedisReply &reply, RedisError *error)
{
    JobScanPage page;
    if (!reply.isArray() || reply.elements.size() != 3 || !reply.elements.at(0).isArray()
        || reply.elements.at(1).type != RedisReply::Type::Integer) {
        *error = RedisError::make(RedisError::Kind::BadReply,
                                  QStringLiteral("Unexpected reply: expected completed jobs (cursor, total, jids)"));
        return page;
    }
    page.cursor = QlessDecoder::jids(reply.elements.at(0), error);
    page.total = reply.elements.at(1).integer;
    if (error->isNull())
        page.jids = QlessDecoder::jids(reply.elements.at(2), error);
    return page;
}
} // namespace

void QlessClient::completedMatching(const QString &queue, const QString &klass, const QList<QByteArray> &cursor,
                                    int count, QObject *context, Done<JobScanPage> done)
{
    QList<QByteArray> args{QByteArray::number(count)};
    if (!queue.isEmpty())
        args << "queue" << utf8(queue);
    if (!klass.isEmpty())
        args << "klass" << utf8(klass);
    if (!cursor.isEmpty())
        args << "after" << cursor;
    read<JobScanPage>("desk.completed", args, context, &completedPage, std::move(done));
}
