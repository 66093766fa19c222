// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

class SyncRedis;

// Every key of the database as text, in the form data/record_library_walkthrough.rb prints after
// each step of the real library: a line "<key> <type>", then one indented line per hash field
// (sorted, "field=value"), list element (in order), set member (sorted) or sorted-set member
// ("member score"). ISO 8601 times and float seconds, wherever they stand in a text, become
// "<time>", the minute of a rate key "<minute>" and a logged backtrace "<backtrace>", so runs at
// different moments and places compare equal.
class SideJobKeyDump final
{
public:
    explicit SideJobKeyDump(SyncRedis &redis);

    QStringList lines() const;
    static QString normalised(const QString &text);

private:
    SyncRedis &m_redis;
};
