// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequetasksearch.h"

#include "bluequeclient.h"

BluequeTaskSearch::BluequeTaskSearch(BluequeClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{}

void BluequeTaskSearch::start(const QString &text, const QString &queue, const QString &status)
{
    ++m_generation;
    m_text = text;
    m_queue = queue;
    m_status = status;
    m_cursor = "0";
    m_matches.clear();
    m_seen.clear();
    m_looked = 0;
    m_calls = 0;
    m_complete = false;
    m_error.clear();
    m_running = true;
    step();
}

void BluequeTaskSearch::cancel()
{
    if (!m_running)
        return;
    ++m_generation;
    end(false, QString());
}

void BluequeTaskSearch::resume()
{
    if (m_running || m_complete || m_text.isEmpty())
        return;
    m_error.clear();
    m_running = true;
    step();
}

void BluequeTaskSearch::step()
{
    const quint64 generation = m_generation;
    ++m_calls;
    m_client->searchStep(m_cursor, m_keysPerCall, m_text, m_queue, m_status, this,
                         [this, generation](const QlessReply<BluequeSearchStep> &reply) {
                             if (generation != m_generation || !m_running)
                                 return;
                             if (!reply.ok()) {
                                 end(false, reply.error.message);
                                 return;
                             }
                             m_looked += reply.value.looked;
                             const qint64 before = m_matches.size();
                             for (const BluequeSearchHit &hit : reply.value.hits) {
                                 if (m_seen.contains(hit.id)) // SCAN may name a key twice
                                     continue;
                                 m_seen.insert(hit.id);
                                 m_matches << hit;
                             }
                             if (m_matches.size() > before)
                                 emit matched(m_matches.size());
                             m_cursor = reply.value.cursor;
                             if (m_cursor.isEmpty() || m_cursor == "0") {
                                 m_complete = true;
                                 end(true, QString());
                                 return;
                             }
                             step();
                         });
}

void BluequeTaskSearch::end(bool ok, const QString &error)
{
    m_running = false;
    m_error = error;
    emit finished(ok, error);
}
