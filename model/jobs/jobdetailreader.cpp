// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobdetailreader.h"

#include "historymodel.h"
#include "poolrelease.h"
#include "qlessclient.h"
#include "replyrelay.h"

#include <QThreadPool>

#include <algorithm>

namespace {
JobDetailReader::Content prepare(std::optional<Job> job, const std::optional<Job> &last)
{
    JobDetailReader::Content content;
    if (job) {
        const bool sameJob = last && last->jid == job->jid;
        if (!sameJob || last->data != job->data)
            content.data = JsonTreeModel::parse(job->data);
        content.historyExtendsLast = sameJob && HistoryModel::extends(last->history, job->history);
        content.logEntries = int(std::count_if(job->history.cbegin(), job->history.cend(),
                                               [](const JobEvent &event) { return event.isLog(); }));
    }
    content.job = std::move(job);
    return content;
}
} // namespace

JobDetailReader::JobDetailReader(QlessClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{}

double JobDetailReader::serverNow() const
{
    return m_client->now();
}

JobDetailReader::~JobDetailReader()
{
    PoolRelease::release(std::move(m_last));
}

void JobDetailReader::read(const QByteArray &jid, Done done)
{
    const quint64 generation = ++m_generation;
    m_reading = true;
    m_client->jobReads().job(jid, this, [this, generation, done](const QlessReply<std::optional<Job>> &reply) {
        if (generation != m_generation) {
            done({}, false);
            return;
        }
        if (!reply.ok()) {
            QlessReply<Content> failed;
            failed.error = reply.error;
            prepared(generation, std::move(failed), done);
            return;
        }
        // Delivered on this object's thread, or dropped if this object is gone by then.
        ReplyRelay *relay = ReplyRelay::create(this);
        // The copies share the reply's data: the pool thread reads them, nothing is copied.
        QThreadPool::globalInstance()->start([this, relay, generation, done, job = reply.value, last = m_last] {
            auto result = std::make_shared<QlessReply<Content>>();
            result->value = prepare(job, last);
            relay->post([this, generation, done, result]() mutable { prepared(generation, std::move(*result), done); });
        });
    });
}

void JobDetailReader::prepared(quint64 generation, QlessReply<Content> reply, const Done &done)
{
    if (generation != m_generation) {
        PoolRelease::release(std::move(reply));
        done({}, false);
        return;
    }
    m_reading = false;
    std::optional<Job> previous;
    if (reply.ok())
        previous = std::exchange(m_last, reply.value.job);
    done(reply, true);
    // The caller kept copies of what it shows and let go of what it showed before: the last
    // references to the rest go elsewhere.
    PoolRelease::release(std::move(previous));
    PoolRelease::release(std::move(reply));
}
