// SPDX-License-Identifier: GPL-3.0-or-later
#include "failurecatalog.h"

#include <QStringList>

namespace {
enum class Detail { Host, Number, Hex, Jid };

struct Kind
{
    const char *group;
    const char *message; // %1: a detail that varies by job
    Detail detail;
    const char *file;
    const char *function;
};

const Kind Kinds[] = {
    {"requests.exceptions.ConnectTimeout", "HTTPSConnectionPool(host='%1', port=443): Max retries exceeded",
     Detail::Host, "crawler/fetch.py", "fetch_page"},
    {"requests.exceptions.HTTPError", "503 Server Error: Service Unavailable for url: https://%1/robots.txt",
     Detail::Host, "crawler/fetch.py", "check_robots"},
    {"lxml.etree.XMLSyntaxError", "Opening and ending tag mismatch: div line %1 and body", Detail::Number,
     "parser/html.py", "parse_document"},
    {"UnicodeDecodeError", "'utf-8' codec can't decode byte 0x%1 in position 1024: invalid start byte", Detail::Hex,
     "parser/text.py", "decode_body"},
    {"elasticsearch.exceptions.ConnectionTimeout",
     "ConnectionTimeout caused by - ReadTimeoutError(HTTPConnectionPool(host='es-%1', port=9200): Read timed out.)",
     Detail::Number, "indexer/bulk.py", "flush_batch"},
    {"KeyError", "'canonical_url' (document %1)", Detail::Jid, "indexer/document.py", "build_document"},
    {"smtplib.SMTPRecipientsRefused", "{'user%1@example.com': (550, b'5.1.1 mailbox unavailable')}", Detail::Number,
     "notify/mail.py", "send_digest"},
};

// Which kinds each stage fails with, as real stages fail in their own ways.
QList<int> kindsOf(const QString &stage)
{
    if (stage == QLatin1String("ingest") || stage == QLatin1String("fetch"))
        return {0, 1};
    if (stage == QLatin1String("parse"))
        return {2, 3};
    if (stage == QLatin1String("index"))
        return {4, 5};
    return {6};
}
} // namespace

FailureCatalog::Failure FailureCatalog::pick(const QString &stage, const QByteArray &jid, QRandomGenerator &random)
{
    const QList<int> kinds = kindsOf(stage);
    const Kind &kind = Kinds[kinds.at(int(random.bounded(quint32(kinds.size()))))];
    const QStringList hosts{QStringLiteral("news.example.org"), QStringLiteral("shop.example.com"),
                            QStringLiteral("blog.example.net"), QStringLiteral("cdn.example.io")};
    QString detail;
    switch (kind.detail) {
    case Detail::Host: detail = hosts.at(int(random.bounded(quint32(hosts.size())))); break;
    case Detail::Number: detail = QString::number(random.bounded(1, 400)); break;
    case Detail::Hex: detail = QString::number(random.bounded(0x80, 0x100), 16); break;
    case Detail::Jid: detail = QString::fromUtf8(jid); break;
    }
    const QString first = QString::fromUtf8(kind.message).arg(detail);
    const QString traceback = QStringLiteral("Traceback (most recent call last):\n"
                                             "  File \"/srv/pipeline/worker.py\", line 88, in perform\n"
                                             "    result = job.process()\n"
                                             "  File \"/srv/pipeline/%1\", line %2, in %3\n"
                                             "    raise error\n"
                                             "%4: %5")
                                  .arg(QString::fromUtf8(kind.file))
                                  .arg(random.bounded(40, 400))
                                  .arg(QString::fromUtf8(kind.function), QString::fromUtf8(kind.group), first);
    return {QString::fromUtf8(kind.group), first + QLatin1Char('\n') + traceback};
}
