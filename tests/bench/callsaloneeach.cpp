// SPDX-License-Identifier: GPL-3.0-or-later
// The console's per-job steps and the group-wide calls not timed by groupCallsAlone's own kinds,
// alone, in the failure group of 1,000,000 (issue #30's cost contract: every command the console
// sends has a kind, callkinds.cpp). Called from groupCallsAlone, on its Lua state, before its
// batches take jobs from the group's tail; each kind takes its own run of jobs around the middle
// of the list, as far from either end as a job can be, away from those the other kinds took.
#include "bench.h"

#include "aloneanswer.h"
#include "benchtools.h"
#include "callkinds.h"
#include "jobscanpage.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "seeder.h"

void Bench::groupEachCallAlone(const QString &group, qint64 size)
{
    QlessClient *client = m_session->client();
    const auto failHere = [this](const QString &what) { fail(what); };
    const int steps = 100;
    const qint64 middle = size / 2;
    // groupCallsAlone's retries, moves and cancels took middle - 100 .. middle + 199.
    const auto kept = [&](int i) { return Seeder::jid(group, middle - 1 - steps - i); };

    // qless's cancel, as QlessWrites::cancel sends it: the job's entry taken out of the group.
    const QString cancels = CallKinds::of("cancel");
    callsAlone(cancels, steps, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->writes().cancel({Seeder::jid(group, middle + 2 * steps + i)}, context,
                                aloneAnswer<QStringList>(cancels, done, failHere));
    });

    // Steps that leave the job in the group, on jobs no other kind touched.
    const QString get = CallKinds::of("desk.get");
    callsAlone(get, steps, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->jobReads().job(kept(i), context, aloneAnswer<std::optional<Job>>(get, done, failHere));
    });
    const QString priority = CallKinds::of("desk.priority");
    callsAlone(priority, steps, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->writes().setPriority(kept(i), 5, context, aloneAnswer<bool>(priority, done, failHere));
    });
    const QString tags = CallKinds::of("desk.tag");
    callsAlone(tags, steps, 2, [&](int i, QObject *context, const std::function<void()> &done) {
        const QByteArray jid = kept(i);
        client->writes().addTags(jid, {QStringLiteral("alone-tag")}, context,
                                 [=](const QlessReply<std::optional<QStringList>> &reply) {
                                     if (!reply.ok())
                                         failHere(QStringLiteral("%1, alone: %2").arg(tags, reply.error.message));
                                     client->writes().removeTags(jid, {QStringLiteral("alone-tag")}, context,
                                                                 aloneAnswer<std::optional<QStringList>>(tags, done,
                                                                                                         failHere));
                                 });
    });
    const QString track = CallKinds::of("desk.track");
    callsAlone(track, steps, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->writes().track(kept(i), context, aloneAnswer<bool>(track, done, failHere));
    });
    const QString untrack = CallKinds::of("desk.untrack");
    callsAlone(untrack, steps, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->writes().untrack(kept(i), context, aloneAnswer<bool>(untrack, done, failHere));
    });
    // A failed job has no dependencies to take off: the call reads its state and stops.
    const QString dependsOff = CallKinds::of("desk.depends.off");
    callsAlone(dependsOff, steps, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->writes().dependsOff(kept(i), {}, context, aloneAnswer<bool>(dependsOff, done, failHere));
    });
    const QString note = CallKinds::of("log");
    callsAlone(note, steps, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->writes().addNote(kept(i), QStringLiteral("looked at"), QString(), context,
                                 aloneAnswer<bool>(note, done, failHere));
    });

    // A bulk run's releases of its receipts, the most a call takes (ReleasePerCall), and its end
    // with the group's kept set.
    const int releases = 20;
    const QByteArray run = "alone-release";
    QList<RawRedis::Argv> seed;
    QList<QList<QByteArray>> keys(releases);
    for (int n = 0; n < releases; ++n) {
        for (int k = 0; k < QlessWrites::ReleasePerCall; ++k) {
            const QByteArray key = run + ":" + QByteArray::number(n * QlessWrites::ReleasePerCall + k);
            keys[n] << key;
            seed.append({"SET", "ql:receipt:" + key, R"({"command":"desk.move","reply":"waiting"})", "EX", "3600"});
        }
    }
    QByteArray last;
    if (m_raw.pipeline(seed, 100, &last) != 0)
        fail(QStringLiteral("calls alone: seeding receipts: ") + QString::fromUtf8(last));
    const QString release = CallKinds::of("desk.release");
    callsAlone(release, releases + 1, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        const bool end = i == releases;
        client->writes().releaseReceipts(run, end ? 0 : i + 1, end ? QList<QByteArray>() : keys.at(i),
                                         end ? group : QString(), context,
                                         aloneAnswer<qint64>(release, done, failHere));
    });

    // Walks of the whole group for a bulk run, chunk by chunk from the head.
    const QString scan = CallKinds::of("desk.scan");
    QList<QByteArray> cursor;
    callsAlone(scan, 100, 1, [&](int, QObject *context, const std::function<void()> &done) {
        client->scanReads().scanJobs(QStringLiteral("failed"), group, cursor, 1000, context,
                                     [&cursor, scan, done, failHere](const QlessReply<JobScanPage> &reply) {
                                         if (!reply.ok())
                                             failHere(QStringLiteral("%1, alone: %2").arg(scan, reply.error.message));
                                         cursor = reply.value.cursor;
                                         done();
                                     });
    });

    // qless's unfail from the group's tail, as QlessWrites::unfail sends it.
    const QString unfail = CallKinds::of("unfail");
    callsAlone(unfail, 50, 1, [&](int, QObject *context, const std::function<void()> &done) {
        client->writes().unfail(group, QStringLiteral("alone-unfailed"), 25, context,
                                aloneAnswer<qint64>(unfail, done, failHere));
    });
}
