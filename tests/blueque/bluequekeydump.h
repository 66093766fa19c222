// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QStringList>

#include <initializer_list>
#include <utility>

class SyncRedis;

// Every key of the database as text, in the form data/record_library_walkthrough.py prints
// after each step of the real library: a line "<key> <type>", then one indented line per hash
// field (sorted, "field=value"), list element (in order), set member (sorted) or sorted-set
// member ("member score"). Given names become labels (task ids become task1.., say) and float
// times "<time>", so runs at different moments and with random ids compare equal line by line.
class BluequeKeyDump final
{
public:
    explicit BluequeKeyDump(SyncRedis &redis);

    // Replaces `real` by `label` wherever it occurs in a key, value or member.
    void label(const QByteArray &real, const QByteArray &label);
    QStringList lines() const;
    // Expected lines written in a test as plain literals.
    static QStringList expect(std::initializer_list<const char *> lines);

private:
    QByteArray normalised(QByteArray text) const;

    SyncRedis &m_redis;
    QList<std::pair<QByteArray, QByteArray>> m_labels;
};
