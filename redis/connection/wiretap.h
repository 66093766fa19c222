// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// An observer of every connection's traffic, for the benchmark: what the console has queued at
// the server at once is only known where the commands are written and the replies read. Off in
// the console (nothing installed: one atomic load a command). Called on each connection's own
// thread, so an installed tap must be thread-safe and must not block.
class WireTap
{
public:
    virtual ~WireTap() = default;
    // `argv` is about to be written on the connection named `clientName` (CLIENT SETNAME).
    virtual void written(const QString &clientName, const QList<QByteArray> &argv) = 0;
    // A reply was read on that connection (replies come in the order commands were written).
    virtual void replied(const QString &clientName) = 0;

    // The tap every connection reports to from now on; null to stop. The caller keeps it alive
    // until it is uninstalled and the connections it watched are gone.
    static void install(WireTap *tap);
    static WireTap *installed();
};
