// SPDX-License-Identifier: GPL-3.0-or-later
// The clusters section (#16): a failure group of `smallGroup` failures read and clustered by
// FailureClusterScan as the Failed page's "Clusters…" window does it (desk.failuresigs, a page of
// 250 at a time, each page masked and grouped on the GUI thread as it arrives), against the same
// pages read through hiredis one after the other and thrown away. The ratio is what the
// connection thread, the decoding and the clustering add; the GUI stall is what the clustering
// costs the window; the longest call (see longestCalls) what a page costs Redis.
#include "bench.h"

#include "benchtools.h"
#include "failureclusterscan.h"
#include "qlesssession.h"
#include "seeder.h"

void Bench::clusters()
{
    if (!flush())
        return;
    const QString group = QStringLiteral("Clusters::ReadTimeout");
    const QByteArray groupBytes = group.toUtf8();
    const qint64 size = m_options.smallGroup;
    Seeder seeder(m_raw);
    QString error;
    progress(QStringLiteral("clusters: seeding a group of %1 failures").arg(size));
    if (!seeder.failureGroup(group, QStringLiteral("fetch"), size, nowSeconds(), &error)) {
        fail(error);
        return;
    }

    QList<double> raw;
    QList<double> ours;
    double stall = 0;
    const int rounds = qMax(1, m_options.rounds);
    for (int round = 0; round < rounds; ++round) {
        progress(QStringLiteral("clusters, round %1 of %2: raw pages").arg(round + 1).arg(rounds));
        QElapsedTimer timer;
        timer.start();
        const QByteArray now = seconds(nowSeconds());
        for (qint64 offset = 0; offset < size; offset += FailureClusterScan::PageSize) {
            const RawRedis::Reply reply =
                m_raw.command(RawRedis::script(QStringLiteral("qless"), {},
                                               {"desk.failuresigs", now, groupBytes, QByteArray::number(offset),
                                                QByteArray::number(FailureClusterScan::PageSize)}));
            if (RawRedis::isError(reply.get())) {
                fail(QStringLiteral("clusters, raw: ") + QString::fromUtf8(RawRedis::text(reply.get())));
                return;
            }
        }
        raw.append(msSince(timer));

        progress(QStringLiteral("clusters, round %1 of %2: FailureClusterScan").arg(round + 1).arg(rounds));
        FailureClusterScan scan(m_session->client());
        bool done = false;
        bool ok = false;
        QString scanError;
        QObject::connect(&scan, &FailureClusterScan::finished, &scan, [&](bool success, const QString &why) {
            done = true;
            ok = success;
            scanError = why;
        });
        m_meter.start();
        timer.restart();
        scan.start(group);
        const bool ended = spin([&done] { return done; });
        ours.append(msSince(timer));
        stall = qMax(stall, m_meter.stop());
        if (!ended || !ok || scan.scanned() != size) {
            fail(QStringLiteral("clusters: the scan ended with %1 of %2 read: %3")
                     .arg(scan.scanned())
                     .arg(size)
                     .arg(scanError));
            return;
        }
    }
    m_calls.drain(QStringLiteral("failure clusters"));

    Figure figure;
    figure.id = QStringLiteral("clusters_scan");
    figure.name = QStringLiteral("failure clusters of a group of %1").arg(size);
    figure.ours = median(ours);
    figure.raw = median(raw);
    figure.oursSamples = ours;
    figure.rawSamples = raw;
    figure.reference = QStringLiteral("the same desk.failuresigs pages, raw");
    figure.maxRatio = 1.5;
    figure.note =
        QStringLiteral("read and clustered, %1 a page, against the same pages read through hiredis; medians of %2")
            .arg(FailureClusterScan::PageSize)
            .arg(rounds);
    m_report.add(figure);
    addStall(QStringLiteral("stall_clusters"), QStringLiteral("GUI stall: clustering a failure group"), stall);
}
