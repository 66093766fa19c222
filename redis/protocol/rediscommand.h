// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// One request as the connection sends it: a plain command, or one of our qless scripts by name
// (sent as EVALSHA, loaded on NOSCRIPT). `writes` says whether it may change data: a write is
// refused by a read-only connection and never re-sent after a dropped connection, because
// nobody can tell whether it ran.
struct RedisCommand
{
    QList<QByteArray> argv; // a plain command
    QString script;         // or a script: name in ScriptLibrary, with keys and args
    QList<QByteArray> keys;
    QList<QByteArray> args;
    bool writes = true; // assume the worst unless told

    static RedisCommand read(const QList<QByteArray> &argv);
    static RedisCommand write(const QList<QByteArray> &argv);
    static RedisCommand readScript(const QString &name, const QList<QByteArray> &keys, const QList<QByteArray> &args);
    static RedisCommand writeScript(const QString &name, const QList<QByteArray> &keys, const QList<QByteArray> &args);

    bool isScript() const { return !script.isEmpty(); }
    // For messages: "EVALSHA put" or "GET".
    QString describe() const;
};
