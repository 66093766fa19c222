// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QlessSession;

// The round trip to the server as the status bar shows it: one PING, timed from its write to its
// reply on the connection's thread (RedisReply::sinceWrittenNs). Neither the GUI thread's own
// delays nor the PING's wait on the connection behind a call of the console's own count (a
// console session writes one unit at a time, ConnectionSettings::oneUnitAtServer): they are
// not the network's or the server's. What other clients have Redis do ahead of it does count. At most one PING is in flight, and only when asked
// (after each refresh): watching adds one tiny request per refresh at most. Until the first PING
// it is the round trip of the handshake's TIME, which the connection measures anyway. A PING
// whose connection dropped meanwhile is no round trip and is not taken.
class RoundTripMeter final : public QObject
{
    Q_OBJECT

public:
    // The one for `session`: made on first use as its child.
    static RoundTripMeter *of(QlessSession *session);

    // Sends one PING, unless one is in flight or the connection is not ready.
    void measure();
    // Milliseconds; negative until anything was measured.
    double lastMs() const { return m_lastMs; }

signals:
    void measured(double milliseconds);

private:
    explicit RoundTripMeter(QlessSession *session);
    void take(double milliseconds);

    QlessSession *m_session;
    double m_lastMs = -1;
    bool m_inFlight = false;
    quint64 m_link = 0; // counts state changes: a reply from before the last one is not taken
};
