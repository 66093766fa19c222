// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"

#include <QByteArray>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QString>

#include <cstdio>

#include <malloc.h>

// Small helpers every section of the benchmark shares.

// A line on stderr saying what the benchmark is doing (stdout is kept for the table).
inline void progress(const QString &text)
{
    fprintf(stderr, "bench: %s\n", qPrintable(text));
    fflush(stderr);
}

inline double nowSeconds()
{
    return double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
}

// A time as the scripts take it: seconds, milliseconds as decimals.
inline QByteArray seconds(double value)
{
    return QByteArray::number(value, 'f', 3);
}

inline double msSince(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

// What the console's connections call themselves (CLIENT SETNAME): how the server's log of calls
// tells them from the bench's own hiredis connection, which has no name.
inline constexpr char ConsoleClientName[] = "qlessdesk-bench";

inline ConnectionSettings unixSettings(const QString &socket)
{
    ConnectionSettings settings;
    settings.transport = ConnectionSettings::Transport::Unix;
    settings.socketPath = socket;
    settings.clientName = QString::fromLatin1(ConsoleClientName);
    return settings;
}

// Resident memory of this process, after handing freed heap back to the system so that only
// what is still held counts.
inline qint64 residentKiB()
{
    malloc_trim(0);
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}
