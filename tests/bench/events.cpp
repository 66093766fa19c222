// SPDX-License-Identifier: GPL-3.0-or-later
// The events section (#16): the Events page on screen (offscreen) while another client publishes
// what qless publishes at a steady 10,000 events a second for a minute: the GUI thread's longest
// stall, the events the page took in against those published, and its memory when the table
// first filled against at the end (flat: the table, the mailbox and the class lookups are
// bounded). The publisher is a thread of plain hiredis PUBLISHes of qless's own payload shapes
// (put, popped on a tracked channel, completed, failed, lock_lost...), paced every 5 ms: the
// real script could not be run 10,000 times a second beside the console on this machine's two
// cores, and what is measured is the console taking the stream in, not Redis running qless.
#include "bench.h"

#include "eventlogmodel.h"
#include "eventspage.h"
#include "eventstream.h"
#include "qlesssession.h"
#include "rawredis.h"

#include <QCoreApplication>
#include <QFile>
#include <QStackedLayout>
#include <QTableView>
#include <QWidget>

#include <atomic>
#include <chrono>
#include <thread>

namespace {
// Resident memory as it is, without residentKiB()'s malloc_trim: read while the stall is measured,
// where a trim of the heap would be a stall of the benchmark's own making. Every reading of this
// section is taken this way, so they compare.
qint64 residentNowKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

// One of the shapes qless.lua publishes, for event number i.
RawRedis::Argv publishOf(qint64 i)
{
    const QByteArray jid = QByteArray::number(0x5eed0000 + i, 16).rightJustified(32, '0');
    const QByteArray queue = "crawl-" + QByteArray::number(i % 37);
    switch (i % 8) {
    case 0:
    case 1: return {"PUBLISH", "ql:log", R"({"jid":")" + jid + R"(","event":"put","queue":")" + queue + R"("})"};
    case 2: return {"PUBLISH", "ql:popped", jid};
    case 3:
    case 4: return {"PUBLISH", "ql:log", R"({"jid":")" + jid + R"(","event":"completed","queue":")" + queue + R"("})"};
    case 5:
        return {"PUBLISH", "ql:log",
                R"({"jid":")" + jid + R"(","event":"failed","worker":"worker-)" + QByteArray::number(i % 50)
                    + R"(","group":"timeout","message":"Timed out after 30s"})"};
    case 6:
        return {"PUBLISH", "ql:log",
                R"({"jid":")" + jid + R"(","event":"advanced","queue":")" + queue + R"(","to":"done"})"};
    default:
        return {"PUBLISH", "ql:log",
                R"({"jid":")" + jid + R"(","event":"lock_lost","worker":"worker-)" + QByteArray::number(i % 50)
                    + R"("})"};
    }
}
} // namespace

void Bench::events()
{
    const int seconds = m_options.eventsSeconds;
    const int rate = m_options.eventsRate;
    progress(QStringLiteral("events: %1 events/s for %2 s to the Events page").arg(rate).arg(seconds));

    QWidget window;
    window.resize(1280, 800);
    auto *stack = new QStackedLayout(&window);
    auto page = std::make_unique<EventsPage>(m_session.get(), &window);
    stack->addWidget(page.get());
    window.show();
    EventLogModel *model = page->stream()->model();
    if (!spin([&page] { return page->stream()->state().phase == ConnectionState::Phase::Ready; }, 20000)) {
        fail(QStringLiteral("events: the page's stream did not subscribe"));
        return;
    }
    QCoreApplication::processEvents();
    const qint64 memoryBefore = residentNowKiB();

    std::atomic<bool> stop{false};
    std::atomic<qint64> published{0};
    QString publisherError;
    const QString socket = m_server.socketPath();
    std::thread publisher([&] {
        RawRedis redis;
        if (!redis.connectUnix(socket, &publisherError))
            return;
        const auto start = std::chrono::steady_clock::now();
        qint64 sent = 0;
        while (!stop.load()) {
            const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (elapsed >= seconds)
                break;
            const qint64 due = qint64(elapsed * rate);
            QList<RawRedis::Argv> batch;
            for (; sent < due; ++sent)
                batch << publishOf(sent);
            if (!batch.isEmpty() && redis.pipeline(batch, int(batch.size())) < 0) {
                publisherError = QStringLiteral("the publisher's connection failed");
                return;
            }
            published.store(sent);
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    });

    QElapsedTimer timer;
    timer.start();
    m_meter.start();
    qint64 memoryFilled = -1;
    double filledAtMs = 0;
    // The run, and a moment after for the last batch; memory read once the table first filled.
    spin(
        [&] {
            if (memoryFilled < 0 && model->rowCount() >= model->capacity()) {
                filledAtMs = msSince(timer);
                memoryFilled = residentNowKiB();
            }
            const bool allSent = published.load() >= qint64(seconds) * rate * 99 / 100;
            const bool allTaken = model->receivedCount() + model->skipped() >= quint64(published.load());
            return (allSent && allTaken) || msSince(timer) > seconds * 1000.0 + 10000;
        },
        seconds * 1000 + 20000);
    const double stall = m_meter.stop();
    const double runMs = msSince(timer);
    stop = true;
    publisher.join();
    const qint64 memoryAfter = residentNowKiB();
    if (!publisherError.isEmpty()) {
        fail(QStringLiteral("events: ") + publisherError);
        return;
    }
    const qint64 sent = published.load();
    const quint64 received = model->receivedCount();
    progress(QStringLiteral("events: %1 published, %2 taken in, %3 skipped, stall %4 ms, memory %5 -> %6 -> %7 KiB")
                 .arg(sent)
                 .arg(received)
                 .arg(model->skipped())
                 .arg(stall, 0, 'f', 1)
                 .arg(memoryBefore)
                 .arg(memoryFilled)
                 .arg(memoryAfter));

    Figure taken;
    taken.id = QStringLiteral("events_rate");
    taken.name = QStringLiteral("events: %1/s for %2 s taken in by the page").arg(rate).arg(seconds);
    taken.unit = Figure::Unit::PerSecond;
    taken.ours = double(received) / (runMs / 1000.0);
    taken.raw = double(sent) / (runMs / 1000.0);
    taken.reference = QStringLiteral("published");
    taken.judgeRatio = false;
    taken.note =
        QStringLiteral("%1 events published (PUBLISH of qless's payload shapes, from another connection), %2 "
                       "taken in by the Events page, %3 skipped by its bounded mailbox (a gap row says so); the "
                       "table kept the newest %4 rows, %5 let go")
            .arg(sent)
            .arg(received)
            .arg(model->skipped())
            .arg(model->rowCount())
            .arg(model->trimmed());
    m_report.add(taken);
    addStall(QStringLiteral("stall_events"),
             QStringLiteral("GUI stall: Events page, %1 events/s for %2 s").arg(rate).arg(seconds), stall);

    Figure memory;
    memory.id = QStringLiteral("events_memory");
    memory.name = QStringLiteral("events: memory at the end of %1 s").arg(seconds);
    memory.unit = Figure::Unit::Kilobytes;
    memory.ours = qMax<double>(1, memoryAfter - memoryBefore);
    memory.raw = qMax<double>(1, (memoryFilled < 0 ? memoryAfter : memoryFilled) - memoryBefore);
    memory.reference = QStringLiteral("when the table first filled");
    memory.maxRatio = 1.3;
    memory.note =
        memoryFilled < 0
            ? QStringLiteral(
                  "resident memory added since the page was opened; the table did not fill in this run (%1 of "
                  "%2 rows), so the end is its own reference")
                  .arg(model->rowCount())
                  .arg(model->capacity())
            : QStringLiteral(
                  "resident memory added since the page was opened: at the end, against when its table first "
                  "held its %1 rows (%2 s in); flat means the ratio stays near 1")
                  .arg(model->capacity())
                  .arg(filledAtMs / 1000.0, 0, 'f', 1);
    m_report.add(memory);

    // Closing the page (a server window closed, the console quit) lets its full table go: that
    // is on the GUI thread too.
    const int rowsAtClose = model->rowCount();
    m_meter.start();
    page.reset();
    QElapsedTimer after;
    after.start();
    spin([&after] { return after.elapsed() >= 200; }, 1000);
    addStall(QStringLiteral("stall_events_close"),
             QStringLiteral("GUI stall: closing the Events page with %1 rows").arg(rowsAtClose), m_meter.stop());
}
