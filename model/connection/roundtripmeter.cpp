// SPDX-License-Identifier: GPL-3.0-or-later
#include "roundtripmeter.h"

#include "qlesssession.h"
#include "rediscommand.h"
#include "redisconnection.h"
#include "replyrelay.h"

RoundTripMeter::RoundTripMeter(QlessSession *session)
    : QObject(session)
    , m_session(session)
{
    setObjectName(QStringLiteral("roundTripMeter"));
    RedisConnection *connection = session->connection();
    const qint64 handshake = connection->serverClock().roundTripMs();
    if (handshake >= 0)
        m_lastMs = double(handshake);
    connect(connection, &RedisConnection::serverClockMeasured, this, [this](qint64, qint64 roundTripMs) {
        if (!m_inFlight) // a PING's own figure is finer (TIME's is in whole milliseconds)
            take(double(roundTripMs));
    });
    connect(session, &QlessSession::stateChanged, this, [this] { ++m_link; });
}

RoundTripMeter *RoundTripMeter::of(QlessSession *session)
{
    auto *meter = session->findChild<RoundTripMeter *>(QStringLiteral("roundTripMeter"), Qt::FindDirectChildrenOnly);
    return meter ? meter : new RoundTripMeter(session);
}

void RoundTripMeter::measure()
{
    if (m_inFlight || m_session->state().phase != ConnectionState::Phase::Ready)
        return;
    m_inFlight = true;
    ReplyRelay *relay = ReplyRelay::create(this);
    // The relay runs the delivery only while this meter exists: `this` is safe there.
    // Bound: constant.
    m_session->connection()->submit(RedisCommand::read({"PING"}),
                                    [this, relay, link = m_link](const RedisReply &reply) {
                                        const double ms = double(reply.sinceWrittenNs) / 1e6;
                                        const bool ok = !reply.isError() && reply.sinceWrittenNs >= 0;
                                        relay->post([this, ms, ok, link] {
                                            m_inFlight = false;
                                            if (ok && link == m_link)
                                                take(ms);
                                        });
                                    });
}

void RoundTripMeter::take(double milliseconds)
{
    m_lastMs = milliseconds;
    emit measured(milliseconds);
}
