// SPDX-License-Identifier: GPL-3.0-or-later
// The malformed section (#14): what damaged data costs the console. The Overview's queue counts,
// the first page of the spoiled queue's Waiting list and the job window's read of the 10 MB job
// (plus the 100,000-entry history job, both through JobDetailReader as the window reads them),
// on MalformedDeployment as spoiled, against the same deployment left clean. Both in fixtures of
// their own (QlessFixture: a redis-server each), read through a QlessSession as the window reads
// them; the ratio is malformed over clean.
#include "bench.h"

#include "benchtools.h"
#include "jobdetailreader.h"
#include "joblistmodel.h"
#include "jobsource.h"
#include "malformeddeployment.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "queuelistmodel.h"

namespace {
struct Opened
{
    double ms = -1;
    QString error;
};
} // namespace

void Bench::malformed()
{
    MalformedDeployment::Options sizes;
    if (m_options.mode.startsWith(QLatin1String("quick"))) {
        sizes.dataBytes = 1024 * 1024;
        sizes.historyEntries = 10000;
    }
    sizes.spoilWorkers = false; // the Overview's workers read is not part of this figure
    const auto open = [this](bool spoil, const MalformedDeployment::Options &base, double *stallMs) {
        Opened out;
        QlessFixture fixture;
        QString error;
        if (!fixture.start(&error)) {
            out.error = error;
            return out;
        }
        MalformedDeployment::Options options = base;
        options.spoil = spoil;
        const MalformedDeployment::Deployment d = MalformedDeployment::seed(fixture, options);
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = fixture.server().socketPath();
        QlessSession session(settings);
        QlessClient *client = session.client();
        if (!spin([&session] { return session.state().phase == ConnectionState::Phase::Ready; }, 30000)) {
            out.error = QStringLiteral("no connection");
            return out;
        }
        QueueListModel queues(client);
        JobListModel list(client);
        int left = 3;
        QElapsedTimer timer;
        m_meter.start();
        timer.start();
        queues.refresh([&left] { --left; });
        list.setSource(JobSource::queueState(client, QString::fromUtf8(d.spoiledQueue), QStringLiteral("waiting")));
        // As the job window reads a job: the reply made ready (data parsed, history compared) and
        // freed off the GUI thread; one reader per window.
        int jobs = 2;
        JobDetailReader hugeData(client);
        JobDetailReader longHistory(client);
        for (JobDetailReader *reader : {&hugeData, &longHistory}) {
            const QByteArray jid = reader == &hugeData ? d.hugeDataJid : d.longHistoryJid;
            reader->read(jid, [&jobs, &left, &out](const QlessReply<JobDetailReader::Content> &reply, bool) {
                if (!reply.ok() || !reply.value.job)
                    out.error = QStringLiteral("job window read: ") + reply.error.message;
                if (--jobs == 0)
                    --left;
            });
        }
        const bool ok = spin([&] { return left == 1 && !list.isLoading() && list.rowCount() > 0; }, 300000);
        out.ms = msSince(timer);
        *stallMs = qMax(*stallMs, m_meter.stop());
        if (!ok && out.error.isEmpty())
            out.error = QStringLiteral("did not open: %1 rows, %2 %3")
                            .arg(list.rowCount())
                            .arg(queues.lastError(), list.lastError());
        return out;
    };
    progress(QStringLiteral("malformed: overview + a queue's list + the job window, spoiled vs clean"));
    QList<double> clean;
    QList<double> spoiled;
    double stall = 0;
    const int rounds = qMax(1, m_options.rounds);
    for (int i = 0; i < rounds; ++i) {
        const Opened a = open(false, sizes, &stall);
        const Opened b = open(true, sizes, &stall);
        if (!a.error.isEmpty() || !b.error.isEmpty()) {
            fail(QStringLiteral("malformed: ") + a.error + QLatin1Char(' ') + b.error);
            return;
        }
        clean.append(a.ms);
        spoiled.append(b.ms);
    }
    Figure figure;
    figure.id = QStringLiteral("malformed_open");
    figure.name = QStringLiteral("malformed data: overview + queue list + job window (%1 MB data, %2 history entries)")
                      .arg(sizes.dataBytes / (1024 * 1024))
                      .arg(sizes.historyEntries);
    figure.ours = median(spoiled);
    figure.raw = median(clean);
    figure.oursSamples = spoiled;
    figure.rawSamples = clean;
    figure.reference = QStringLiteral("same deployment, clean");
    figure.maxRatio = 1.3;
    figure.note =
        QStringLiteral("spoiled (every field, key types, non-UTF-8 names) over clean; medians of %1").arg(rounds);
    m_report.add(figure);
    addStall(QStringLiteral("stall_malformed"), QStringLiteral("GUI stall: opening malformed data"), stall);
}
