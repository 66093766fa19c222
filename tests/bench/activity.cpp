// SPDX-License-Identifier: GPL-3.0-or-later
// The activity section (#15): the Activity page over an audit log of a million records, as the
// window shows it (the page, its table view, offscreen). Time to the first screenful of rows, a
// scroll through the whole log, the memory it holds, and the GUI thread's longest stall meanwhile.
// The reference for the first rows is how the page read the log before: every line read and
// decoded on the GUI thread, the newest 10,000 kept.
#include "bench.h"

#include "activitypage.h"
#include "auditlog.h"
#include "auditlogmodel.h"
#include "auditlogscanner.h"
#include "benchtools.h"
#include "qlesssession.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QScrollBar>
#include <QStackedLayout>
#include <QTableView>

#include <algorithm>

namespace {

// A varied log: the actions an operator makes, now and then a failure, and a few damaged lines
// (a crash mid-write) spread through it. Written as AuditLog writes it, a line per record.
bool writeLog(const QString &path, qint64 entries, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = file.errorString();
        return false;
    }
    const QDateTime start = QDateTime::currentDateTimeUtc().addSecs(-entries);
    const char *actions[] = {"move", "unfail", "cancel", "priority", "retry", "pause", "unpause", "config set"};
    QByteArray buffer;
    for (qint64 i = 0; i < entries; ++i) {
        AuditRecord r;
        r.time = start.addSecs(i);
        r.server = QStringLiteral("redis://queue-3.internal:6379/0");
        r.action = QString::fromLatin1(actions[i % 8]);
        r.arguments =
            QJsonObject{{QStringLiteral("queue"), QStringLiteral("crawl-%1").arg(i % 37)},
                        {QStringLiteral("jids"), QJsonArray{QStringLiteral("%1").arg(i, 32, 16, QLatin1Char('0'))}}};
        r.count = i % 500;
        r.outcome = i % 97 == 0 ? QStringLiteral("failed") : QStringLiteral("done");
        r.message = i % 97 == 0 ? QStringLiteral("The connection was lost before the reply came")
                                : QStringLiteral("%1 jobs").arg(r.count);
        buffer += AuditLog::toJsonLine(r) + '\n';
        if (i % 100000 == 50000)
            buffer += "{\"time\":\"2026-11-21T10:00:00.000Z\",\"act\n"; // a record cut by a crash
        if (buffer.size() > (1 << 22)) {
            file.write(buffer);
            buffer.clear();
        }
    }
    file.write(buffer);
    return file.error() == QFile::NoError;
}

// The rows the view shows now are decoded. The view paints them when the event loop comes round
// (offscreen too), which is when it asks the model for them; this only looks.
bool screenShown(QTableView *view)
{
    const int top = qMax(0, view->rowAt(0));
    int bottom = view->rowAt(view->viewport()->height() - 1);
    if (bottom < 0)
        bottom = view->model()->rowCount() - 1;
    if (view->model()->rowCount() == 0)
        return false;
    for (int row = top; row <= bottom; ++row) {
        if (!view->model()->index(row, 0).data(AuditLogModel::DecodedRole).toBool())
            return false;
    }
    return true;
}

} // namespace

void Bench::activity()
{
    const qint64 entries = m_options.activity;
    const QString path = m_dir.filePath(QStringLiteral("activity/audit.jsonl"));
    QDir().mkpath(QFileInfo(path).absolutePath());
    progress(QStringLiteral("activity: writing an audit log of %1 records").arg(entries));
    QString error;
    if (!writeLog(path, entries, &error)) {
        fail(QStringLiteral("activity: cannot write the log: ") + error);
        return;
    }
    const qint64 fileKiB = QFileInfo(path).size() / 1024;

    // Before: the whole file read and decoded on the GUI thread, the newest 10,000 kept.
    QElapsedTimer timer;
    timer.start();
    const int kept = int(AuditLog(path).records(10000).size());
    const double beforeMs = msSince(timer);
    if (kept != 10000)
        fail(QStringLiteral("activity: the old read kept %1 rows").arg(kept));

    // The session's log is this one while the page shows it (the page reads the session's). A
    // first page on an empty log, not measured: in the window, widgets, fonts and style are all
    // set up before anyone opens the Activity page; the first widget a process shows is not.
    const QString ownPath = m_session->auditLog()->filePath();
    const QString smallPath = m_dir.filePath(QStringLiteral("activity/small.jsonl"));
    if (!writeLog(smallPath, 200, &error)) {
        fail(QStringLiteral("activity: cannot write the log: ") + error);
        return;
    }
    m_session->setAuditLog(std::make_shared<AuditLog>(smallPath));
    // The window the page shows in, as the window's page stack: shown before, with a page of a
    // small log painted in it first (the fonts, style and window are set up by the time anyone
    // opens the Activity page in the console).
    QWidget window;
    window.resize(1300, 800);
    auto *stack = new QStackedLayout(&window);
    {
        auto *warmUp = new ActivityPage(m_session.get(), &window);
        stack->addWidget(warmUp);
        window.show();
        QTableView *view = warmUp->view();
        spin([view] { return screenShown(view); }, 10000);
        QCoreApplication::processEvents();
        delete warmUp;
    }
    m_session->setAuditLog(std::make_shared<AuditLog>(path));
    const qint64 memoryBefore = residentKiB();

    m_meter.start();
    timer.start();
    // As in the window: the page is made with the others when the session starts (its reader
    // starts then), and shown when the operator picks it, in another turn of the event loop.
    auto page = std::make_unique<ActivityPage>(m_session.get(), &window);
    stack->addWidget(page.get());
    QCoreApplication::processEvents();
    stack->setCurrentWidget(page.get());
    QTableView *view = page->view();
    const bool shown = spin([view] { return screenShown(view); }, 60000);
    const double firstMs = msSince(timer);
    const bool complete = shown && spin([&page] { return page->auditModel()->isComplete(); }, 600000);
    const double indexedMs = msSince(timer);
    const double openStall = m_meter.stop();
    const int rows = page->auditModel()->rowCount();
    if (!shown || !complete || rows < entries) {
        fail(QStringLiteral("activity: %1 rows of %2 (shown %3, complete %4)")
                 .arg(rows)
                 .arg(entries)
                 .arg(shown)
                 .arg(complete));
        m_session->setAuditLog(std::make_shared<AuditLog>(ownPath));
        return;
    }
    progress(QStringLiteral("activity: first rows %1 ms, all %2 rows found in %3 ms, stall %4 ms")
                 .arg(firstMs, 0, 'f', 1)
                 .arg(rows)
                 .arg(indexedMs, 0, 'f', 0)
                 .arg(openStall, 0, 'f', 1));

    // The floor for one screenful: its lines read and decoded in a plain loop (no view, no thread).
    timer.start();
    AuditLogScanner scanner(path);
    const AuditLogScanner::Step newest = scanner.step(64 * 1024);
    for (const QByteArray &line : scanner.read(newest.older.mid(0, 40))) {
        AuditRecord record;
        AuditLog::fromJsonLine(line, &record);
    }
    const double floorMs = msSince(timer);

    Figure firstRows;
    firstRows.id = QStringLiteral("activity_first_rows");
    firstRows.name = QStringLiteral("activity, log of %1: first rows").arg(entries);
    firstRows.ours = firstMs;
    firstRows.raw = beforeMs;
    firstRows.reference = QStringLiteral("before: whole log on the GUI thread");
    firstRows.judgeRatio = false;
    firstRows.maxOurs = 150;
    firstRows.note =
        QStringLiteral("the page opened and shown to its first screenful decoded; all %1 lines found %2 ms "
                       "after opening (off the GUI thread). Before, the page read and decoded every line "
                       "on the GUI thread and kept the newest 10,000. A screenful's lines read and decoded "
                       "in a plain loop: %3 ms")
            .arg(rows)
            .arg(indexedMs, 0, 'f', 0)
            .arg(floorMs, 0, 'f', 2);
    m_report.add(firstRows);
    addStall(QStringLiteral("stall_activity_open"),
             QStringLiteral("GUI stall: Activity page opening a log of %1").arg(entries), openStall);

    // A scroll through the whole log: the scroll bar dragged from top to bottom in 200 steps, each
    // screenful shown (decoded) before the next; then back up a page at a time, 100 pages.
    QScrollBar *bar = view->verticalScrollBar();
    const int steps = m_options.mode.startsWith(QLatin1String("quick")) ? 40 : 200;
    QList<double> stepMs;
    m_meter.start();
    timer.start();
    bool scrolled = true;
    for (int i = 1; i <= steps + 100 && scrolled; ++i) {
        QElapsedTimer one;
        one.start();
        if (i <= steps)
            bar->setValue(int(qint64(bar->maximum()) * i / steps));
        else
            bar->triggerAction(QAbstractSlider::SliderPageStepSub);
        scrolled = spin([view] { return screenShown(view); }, 30000);
        stepMs.append(msSince(one));
    }
    const double scrollMs = msSince(timer);
    const double scrollStall = m_meter.stop();
    if (!scrolled)
        fail(QStringLiteral("activity: a screenful did not come while scrolling"));
    const qint64 memoryAfter = residentKiB();

    Figure scroll;
    scroll.id = QStringLiteral("activity_scroll");
    scroll.name = QStringLiteral("activity, log of %1: scroll through, %2 screens").arg(entries).arg(stepMs.size());
    scroll.ours = scrollMs;
    scroll.raw = median(stepMs);
    scroll.reference = QStringLiteral("one screen, median");
    scroll.hasRatio = false;
    scroll.judgeRatio = false;
    scroll.note =
        QStringLiteral("the scroll bar dragged top to bottom in %1 steps, then %2 pages up, each screen's rows "
                       "decoded (on the reader's thread) before the next; the longest screen %3 ms")
            .arg(steps)
            .arg(stepMs.size() - steps)
            .arg(*std::max_element(stepMs.cbegin(), stepMs.cend()), 0, 'f', 1);
    m_report.add(scroll);
    addStall(QStringLiteral("stall_activity_scroll"), QStringLiteral("GUI stall: Activity page scrolling"),
             scrollStall);

    Figure memory;
    memory.id = QStringLiteral("activity_memory");
    memory.name = QStringLiteral("activity, log of %1: memory").arg(entries);
    memory.unit = Figure::Unit::Kilobytes;
    memory.ours = qMax<double>(1, memoryAfter - memoryBefore);
    memory.raw = fileKiB;
    memory.reference = QStringLiteral("the log file's size");
    memory.judgeRatio = false;
    memory.note = QStringLiteral("resident memory added by the open page after the scroll, about %1 bytes a row: the "
                                 "line's place in the file (8 bytes), the table's vertical header, and the decoded "
                                 "rows kept (at most %2)")
                      .arg(qRound(double(memoryAfter - memoryBefore) * 1024 / qMax(1, rows)))
                      .arg(AuditLogModel::KeptRecords);
    m_report.add(memory);

    page.reset();
    m_session->setAuditLog(std::make_shared<AuditLog>(ownPath));
    QFile::remove(path);
}
