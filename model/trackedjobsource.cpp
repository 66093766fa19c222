#include "trackedjobsource.h"

#include "qlessclient.h"

#include <QObject>

JobSource TrackedJobSource::create(QlessClient *client)
{
    JobSource source;
    source.description = QObject::tr("tracked jobs");
    source.scan = JobSource::scanOf(client, QStringLiteral("tracked"), QString());
    source.fetch = [client](int offset, int count, QObject *context, JobSource::Done done) {
        client->trackedJobs(context, [done, offset, count](const QlessReply<TrackedJobs> &reply) {
            QlessReply<JobPage> page;
            page.error = reply.error;
            QList<Job> all = reply.value.jobs;
            for (const QString &jid : reply.value.expired) {
                Job gone;
                gone.jid = jid.toUtf8();
                gone.state = QStringLiteral("missing");
                gone.tracked = true;
                all.append(gone);
            }
            page.value.total = all.size();
            page.value.jobs = all.mid(offset, count);
            done(page);
        });
    };
    return source;
}
