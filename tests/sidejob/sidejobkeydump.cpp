// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobkeydump.h"

#include "syncredis.h"

#include <QRegularExpression>

#include <algorithm>
#include <map>

SideJobKeyDump::SideJobKeyDump(SyncRedis &redis)
    : m_redis(redis)
{}

QString SideJobKeyDump::normalised(const QString &text)
{
    static const QRegularExpression iso(QStringLiteral("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{9}Z"));
    static const QRegularExpression seconds(QStringLiteral("\\b\\d{10}\\.\\d+\\b"));
    static const QRegularExpression rate(QStringLiteral(":rate:\\d+$"));
    static const QRegularExpression backtrace(QStringLiteral("\"backtrace\":\"(\\\\.|[^\"\\\\])*\""));
    QString out = text;
    out.replace(iso, QStringLiteral("<time>"));
    out.replace(seconds, QStringLiteral("<time>"));
    out.replace(rate, QStringLiteral(":rate:<minute>"));
    out.replace(backtrace, QStringLiteral("\"backtrace\":\"<backtrace>\""));
    return out;
}

QStringList SideJobKeyDump::lines() const
{
    const auto text = [](const QByteArray &bytes) { return normalised(QString::fromUtf8(bytes)); };
    // Sorted by the normalised name, as the recorder sorts.
    std::map<QString, QByteArray> keys;
    for (const QByteArray &key : m_redis.command({"KEYS", "*"}).strings())
        keys.emplace(text(key), key);
    QStringList out;
    for (const auto &[shown, key] : keys) {
        const QByteArray type = m_redis.command({"TYPE", key}).bytes;
        out << shown + QLatin1Char(' ') + QString::fromUtf8(type);
        QStringList items;
        if (type == "hash") {
            const QList<QByteArray> flat = m_redis.command({"HGETALL", key}).strings();
            for (qsizetype i = 0; i + 1 < flat.size(); i += 2)
                items << QString::fromUtf8(flat[i]) + QLatin1Char('=') + text(flat[i + 1]);
            items.sort();
        } else if (type == "list") {
            for (const QByteArray &element : m_redis.command({"LRANGE", key, "0", "-1"}).strings())
                items << text(element);
        } else if (type == "set") {
            for (const QByteArray &member : m_redis.command({"SMEMBERS", key}).strings())
                items << text(member);
            items.sort();
        } else if (type == "zset") {
            const QList<QByteArray> flat = m_redis.command({"ZRANGE", key, "0", "-1", "WITHSCORES"}).strings();
            for (qsizetype i = 0; i + 1 < flat.size(); i += 2) {
                const double score = flat[i + 1].toDouble();
                items << text(flat[i]) + QLatin1Char(' ')
                             + (score > 1e9 ? QStringLiteral("<time>") : QString::number(qint64(score)));
            }
        } else {
            items << text(m_redis.command({"GET", key}).bytes);
        }
        for (const QString &item : items)
            out << QStringLiteral("  ") + item;
    }
    return out;
}
