#pragma once

#include "connectionsettings.h"

#include <QByteArray>
#include <QDateTime>
#include <QElapsedTimer>
#include <QString>

#include <cstdio>

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
