// SPDX-License-Identifier: GPL-3.0-or-later
#include "searchresolver.h"

#include "serverreads.h"

SearchResolver::SearchResolver(ServerReads *reads, QObject *parent)
    : QObject(parent)
    , m_reads(reads)
{}

void SearchResolver::resolve(const QString &text, Done done)
{
    const quint64 generation = ++m_generation;
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        m_busy = false;
        return;
    }
    m_busy = true;
    m_reads->job(trimmed.toUtf8(), this,
                 [this, generation, trimmed, done](const QlessReply<std::optional<Job>> &reply) {
                     if (generation != m_generation)
                         return; // a newer search is under way
                     m_busy = false;
                     Result result;
                     result.text = trimmed;
                     if (!reply.ok()) {
                         result.kind = Result::Kind::Error;
                         result.error = reply.error.message;
                     } else if (reply.value) {
                         result.kind = Result::Kind::Job;
                         result.jid = trimmed.toUtf8();
                     }
                     done(result);
                 });
}
