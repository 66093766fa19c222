// SPDX-License-Identifier: GPL-3.0-or-later
#include "bulkjidcollector.h"

#include "bulkrun.h"
#include "bulkruncontrol.h"
#include "bulkrunner.h"
#include "bulktrouble.h"
#include "job.h"
#include "qlessclient.h"
#include "qlesssession.h"

namespace {
constexpr int collectPageSize = 1000;
} // namespace

BulkJidCollector::BulkJidCollector(BulkRun &run, BulkRunControl &control, Collected collected)
    : m_run(run)
    , m_control(control)
    , m_collected(std::move(collected))
{}

void BulkJidCollector::takeSelection()
{
    for (const QByteArray &jid : std::as_const(m_run.target.jids))
        add(jid);
    handOver();
}

void BulkJidCollector::startCollecting()
{
    if (m_run.target.source.scan)
        collectChunk();
    else
        collectPage();
}

void BulkJidCollector::add(const QByteArray &jid)
{
    if (!m_seen.contains(jid)) {
        m_seen.insert(jid);
        m_jids.append(jid);
    }
}

void BulkJidCollector::handOver()
{
    // The set only kept jids once while collecting: its memory goes before the steps start.
    m_seen = {};
    QList<QByteArray> jids = std::move(m_jids);
    m_jids = {};
    m_collected(std::move(jids));
}

// A scan's chunks may repeat a job (dropped here) and may bring jobs that joined the list after
// the operator confirmed: those are done too (they are in the list as it is now), never cut off
// at the number confirmed, since a scan returns jobs in no useful order and a cut would drop
// jobs that were there all along. The summary says how many were expected and collected.
void BulkJidCollector::collectChunk()
{
    if (m_run.cancelRequested) {
        m_run.summary.total = m_jids.size();
        m_control.finish();
        return;
    }
    m_run.target.source.scan(m_scanCursor, m_control.replyContext(), [this](const QlessReply<JobScanPage> &reply) {
        if (!reply.ok()) {
            if (bulkTroubleOf(reply.error) == BulkTrouble::Connection) {
                // The cursor is kept: the scan goes on where it was once the link is back.
                m_control.pause(reply.error, [this] { collectChunk(); });
                return;
            }
            m_run.summary.stoppedBecause = BulkRunner::tr("the jobs could not be listed: %1").arg(reply.error.message);
            m_run.summary.total = 0;
            m_control.finish();
            return;
        }
        if (m_scanTotal < 0)
            m_scanTotal = reply.value.total;
        for (const QByteArray &jid : reply.value.jids) {
            add(jid);
        }
        m_scanCursor = reply.value.cursor;
        m_control.reportProgress();
        if (reply.value.atEnd()) {
            finishCollecting(m_run.target.expected >= 0 ? m_run.target.expected : m_scanTotal, -1);
            return;
        }
        collectChunk();
    });
}

void BulkJidCollector::finishCollecting(qint64 expected, qint64 cap)
{
    if (cap >= 0 && m_jids.size() > cap)
        m_jids.resize(cap);
    m_run.summary.expected = expected;
    m_run.summary.collected = m_jids.size();
    handOver();
}

void BulkJidCollector::collectPage()
{
    if (m_run.cancelRequested) {
        m_run.summary.total = m_jids.size();
        m_control.finish();
        return;
    }
    m_run.target.source.fetch(
        m_collectOffset, collectPageSize, m_control.replyContext(), [this](const QlessReply<JobPage> &reply) {
            if (!reply.ok()) {
                switch (bulkTroubleOf(reply.error)) {
                case BulkTrouble::Connection: m_control.pause(reply.error, [this] { collectPage(); }); return;
                default:
                    m_run.summary.stoppedBecause =
                        BulkRunner::tr("the jobs could not be listed: %1").arg(reply.error.message);
                    m_run.summary.total = 0;
                    m_control.finish();
                    return;
                }
            }
            const JobPage &page = reply.value;
            QList<QByteArray> found = page.jids;
            for (const Job &job : page.jobs)
                found.append(job.jid);
            for (const QByteArray &jid : std::as_const(found)) {
                add(jid);
            }
            m_control.reportProgress();
            const bool enough = m_run.target.expected >= 0 && m_jids.size() >= m_run.target.expected;
            if (found.size() < collectPageSize || enough) {
                finishCollecting(m_run.target.expected, m_run.target.expected);
                return;
            }
            // Jobs leave a live list mostly at its head (popped, done): when the list is d shorter
            // than at the page before, up to d jobs have moved up past this page's offset before it
            // was read. The next read starts d before it, so none of them is passed over (those read
            // twice are counted once); else on after this page.
            qint64 shrunk = 0;
            if (page.total >= 0 && m_listedTotal >= 0 && page.total < m_listedTotal)
                shrunk = m_listedTotal - page.total;
            if (page.total >= 0)
                m_listedTotal = page.total;
            m_collectOffset =
                shrunk > 0 ? int(qMax<qint64>(0, m_collectOffset - shrunk)) : m_collectOffset + collectPageSize;
            collectPage();
        });
}
