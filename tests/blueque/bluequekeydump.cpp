// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequekeydump.h"

#include "syncredis.h"

#include <QRegularExpression>

#include <algorithm>
#include <map>

BluequeKeyDump::BluequeKeyDump(SyncRedis &redis)
    : m_redis(redis)
{}

void BluequeKeyDump::label(const QByteArray &real, const QByteArray &label)
{
    m_labels.append({real, label});
}

QByteArray BluequeKeyDump::normalised(QByteArray text) const
{
    for (const auto &[real, label] : m_labels)
        text.replace(real, label);
    static const QRegularExpression time(QStringLiteral("^\\d{9,}\\.\\d+$"));
    return time.match(QString::fromUtf8(text)).hasMatch() ? QByteArray("<time>") : text;
}

QStringList BluequeKeyDump::lines() const
{
    // Sorted by the normalised name, as the recorder sorts, so labels decide the order.
    std::map<QByteArray, QByteArray> keys;
    for (const QByteArray &key : m_redis.command({"KEYS", "*"}).strings())
        keys.emplace(normalised(key), key);
    QStringList out;
    for (const auto &[shown, key] : keys) {
        const QByteArray type = m_redis.command({"TYPE", key}).bytes;
        out << QString::fromUtf8(shown + ' ' + type);
        QList<QByteArray> items;
        if (type == "hash") {
            const QList<QByteArray> flat = m_redis.command({"HGETALL", key}).strings();
            for (qsizetype i = 0; i + 1 < flat.size(); i += 2)
                items << flat[i] + '=' + normalised(flat[i + 1]);
            std::sort(items.begin(), items.end());
        } else if (type == "list") {
            for (const QByteArray &element : m_redis.command({"LRANGE", key, "0", "-1"}).strings())
                items << normalised(element);
        } else if (type == "set") {
            for (const QByteArray &member : m_redis.command({"SMEMBERS", key}).strings())
                items << normalised(member);
            std::sort(items.begin(), items.end());
        } else if (type == "zset") {
            const QList<QByteArray> flat = m_redis.command({"ZRANGE", key, "0", "-1", "WITHSCORES"}).strings();
            for (qsizetype i = 0; i + 1 < flat.size(); i += 2) {
                const double score = flat[i + 1].toDouble();
                items << normalised(flat[i]) + ' '
                             + (score > 1e9 ? QByteArray("<time>") : QByteArray::number(qint64(score)));
            }
        } else {
            items << normalised(m_redis.command({"GET", key}).bytes);
        }
        for (const QByteArray &item : items)
            out << QStringLiteral("  ") + QString::fromUtf8(item);
    }
    return out;
}

QStringList BluequeKeyDump::expect(std::initializer_list<const char *> lines)
{
    QStringList out;
    for (const char *line : lines)
        out << QString::fromUtf8(line);
    return out;
}
