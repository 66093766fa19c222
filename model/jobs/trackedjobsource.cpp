// SPDX-License-Identifier: GPL-3.0-or-later
#include "trackedjobsource.h"

#include "qlessclient.h"

#include <QObject>

JobSource TrackedJobSource::create(QlessClient *client)
{
    JobSource source;
    source.description = QObject::tr("tracked jobs");
    source.scan = JobSource::scanOf(client, QStringLiteral("tracked"), QString());
    source.fetch = [client](int offset, int count, QObject *context, JobSource::Done done) {
        // Paged on the server, as row summaries: a call builds no more than a few dozen.
        client->trackedTagReads().trackedSummaries(offset, count, context,
                                                   [done](const QlessReply<TrackedJobs> &reply) {
                                                       QlessReply<JobPage> page;
                                                       page.error = reply.error;
                                                       page.value.jobs = reply.value.jobs;
                                                       for (const QString &jid : reply.value.expired) {
                                                           Job gone;
                                                           gone.jid = jid.toUtf8();
                                                           gone.state = QStringLiteral("missing");
                                                           gone.tracked = true;
                                                           page.value.jobs.append(gone);
                                                       }
                                                       page.value.total = reply.value.total;
                                                       done(page);
                                                   });
    };
    return source;
}
