#include "actioncenter.h"

#include "auditlog.h"
#include "auditrecord.h"

#include "bulkrunner.h"
#include "jobselection.h"
#include "mnemonictext.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "queuepickerdialog.h"
#include "windowmodal.h"

#include <QAction>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QWidget>

namespace {
QString jobsText(const BulkTarget &target)
{
    if (target.kind == BulkTarget::Kind::Jids && target.jids.size() == 1)
        return ActionCenter::tr("job %1").arg(QString::fromUtf8(target.jids.first()));
    if (target.kind == BulkTarget::Kind::Jids)
        return ActionCenter::tr("%Ln selected job(s)", nullptr, int(target.jids.size()));
    return target.description;
}

QStringList splitTags(const QString &text)
{
    QStringList tags;
    for (const QString &part : text.split(QLatin1Char(','))) {
        const QString tag = part.trimmed();
        if (!tag.isEmpty() && !tags.contains(tag))
            tags.append(tag);
    }
    return tags;
}
} // namespace

ActionCenter::ActionCenter(QlessSession *session)
    : QObject(session)
    , m_session(session)
    , m_oneJob(new OneJobActions(this, session))
{
    setObjectName(QStringLiteral("actionCenter"));
}

ActionCenter *ActionCenter::of(QlessSession *session)
{
    auto *center = session->findChild<ActionCenter *>(QStringLiteral("actionCenter"), Qt::FindDirectChildrenOnly);
    return center ? center : new ActionCenter(session);
}

bool ActionCenter::isReadOnly() const
{
    return m_session->isReadOnly();
}

QString ActionCenter::readOnlyReason()
{
    return tr("This connection is read-only: nothing can be changed from it. "
              "Connect again without “read-only” to act on jobs.");
}

void ActionCenter::guard(QWidget *widget) const
{
    if (!isReadOnly())
        return;
    widget->setEnabled(false);
    widget->setToolTip(readOnlyReason());
}

void ActionCenter::guard(QAction *action) const
{
    if (!isReadOnly())
        return;
    action->setEnabled(false);
    action->setToolTip(readOnlyReason());
}

QList<BulkRunner *> ActionCenter::runs() const
{
    QList<BulkRunner *> out;
    for (const QPointer<BulkRunner> &runner : m_runs) {
        if (runner)
            out.append(runner);
    }
    return out;
}

void ActionCenter::run(const JobAction &action, const BulkTarget &target, QWidget *parent)
{
    if (isReadOnly()) {
        showError(parent, action.describe(), readOnlyReason());
        return;
    }
    const qint64 count = target.count();
    const bool large = target.kind != BulkTarget::Kind::Jids || count >= confirmFrom;
    // A time out takes a job from its worker: always confirmed, even for one job.
    if (!action.isDestructive() && action.kind != JobAction::Kind::Timeout && !large) {
        start(action, target, parent);
        return;
    }
    const QString jobs = jobsText(target);
    QString text;
    QString button;
    switch (action.kind) {
    case JobAction::Kind::Retry:
        text = tr("Retry %1?\n\nEach failed job goes back into the queue it failed in, waiting, with its "
                  "retries restored. Jobs that are no longer failed are skipped.").arg(jobs);
        button = tr("Retry");
        break;
    case JobAction::Kind::Move:
        text = tr("Move %1 to queue “%2”?\n\nThey wait there with their retries restored; a worker "
                  "holding one loses it.").arg(jobs, action.queue);
        button = tr("Move");
        break;
    case JobAction::Kind::Cancel:
        text = tr("Cancel %1?\n\nCancelled jobs are deleted with their data and history. This cannot "
                  "be undone. Jobs that others depend on are skipped.").arg(jobs);
        button = tr("Cancel jobs");
        break;
    case JobAction::Kind::Timeout:
        text = tr("Time out %1?\n\nEach running job is taken from its worker (told it lost the lock) and waits "
                  "first in line in its queue, marked timed out, as qless's timeout does. Jobs no longer "
                  "running are skipped.").arg(jobs);
        button = tr("Time out");
        break;
    default:
        text = tr("%1 on %2?").arg(action.describe(), jobs);
        button = tr("Apply");
        break;
    }
    confirm(parent, action.describe(), text, button, action.isDestructive(),
            [this, action, target, parent] { start(action, target, parent); });
}

void ActionCenter::start(const JobAction &action, const BulkTarget &target, QWidget *parent)
{
    auto *runner = new BulkRunner(m_session, action, target, this);
    m_runs.append(runner);
    QPointer<QWidget> where(parent);
    connect(runner, &BulkRunner::finished, this, [this, runner, where] {
        emit runFinished(runner);
        emit changed();
        if (runner->target().kind == BulkTarget::Kind::Jids && runner->target().jids.size() == 1)
            reportOneJob(runner, where);
    });
    emit runStarted(runner);
    runner->start();
}

void ActionCenter::reportOneJob(BulkRunner *runner, QWidget *parent)
{
    const BulkSummary &summary = runner->summary();
    if (summary.done == 1)
        return;
    const QByteArray jid = runner->target().jids.first();
    const QString title = runner->action().describe();
    if (summary.skipped.contains(BulkRunner::hasDependentsReason())) {
        auto *box = new QMessageBox(QMessageBox::Warning, title,
                                    tr("Job %1 was not cancelled: other jobs depend on it. Cancel those first, "
                                       "or together with it.").arg(QString::fromUtf8(jid)),
                                    QMessageBox::Close, parent);
        box->setObjectName(QStringLiteral("actionResult"));
        QPushButton *show = box->addButton(tr("Show its dependents"), QMessageBox::ActionRole);
        connect(box, &QMessageBox::finished, this, [this, box, show, jid] {
            if (box->clickedButton() == show)
                emit openJobRequested(jid);
        });
        WindowModal::open(box);
        return;
    }
    showError(parent, title, tr("Job %1: %2").arg(QString::fromUtf8(jid), summary.text()));
}

void ActionCenter::confirm(QWidget *parent, const QString &title, const QString &text, const QString &button,
                           bool destructive, std::function<void()> go)
{
    auto *box = new QMessageBox(destructive ? QMessageBox::Warning : QMessageBox::Question, title, text,
                                QMessageBox::NoButton, parent);
    box->setObjectName(QStringLiteral("confirmAction"));
    QPushButton *yes = box->addButton(button, QMessageBox::AcceptRole);
    QPushButton *no = box->addButton(tr("Don’t"), QMessageBox::RejectRole);
    box->setDefaultButton(destructive ? no : yes);
    connect(box, &QMessageBox::finished, this, [box, yes, go] {
        if (box->clickedButton() == yes)
            go();
    });
    WindowModal::open(box);
}

void ActionCenter::showError(QWidget *parent, const QString &title, const QString &text)
{
    showResult(parent, title, text, true);
}

bool ActionCenter::refuseReadOnly(QWidget *parent, const QString &title)
{
    if (!isReadOnly())
        return false;
    showError(parent, title, readOnlyReason());
    return true;
}

void ActionCenter::finishWrite(QWidget *parent, const QString &title, const AuditRecord &record, Report report)
{
    const bool failed = record.outcome == QLatin1String("failed");
    QString message = record.message;
    const bool logged = m_session->audit(record);
    if (!logged)
        message += QLatin1Char(' ') + tr("The audit log could not be written: %1").arg(m_session->auditLog()->errorString());
    if (failed || !logged || report == Report::Always)
        showResult(parent, title, message, failed || !logged);
    emit changed();
}

void ActionCenter::showResult(QWidget *parent, const QString &title, const QString &text, bool problem)
{
    auto *box = new QMessageBox(problem ? QMessageBox::Warning : QMessageBox::Information, title, text,
                                QMessageBox::Close, parent);
    box->setObjectName(QStringLiteral("actionResult"));
    WindowModal::open(box);
}

void ActionCenter::actOnFailed(FailedChoice choice, const BulkTarget &target, QWidget *parent)
{
    switch (choice) {
    case FailedChoice::Retry: run(JobAction::retry(), target, parent); break;
    case FailedChoice::Move: askMove(target, QStringLiteral("failed"), parent); break;
    case FailedChoice::Cancel: run(JobAction::cancel(), target, parent); break;
    }
}

void ActionCenter::askMove(const BulkTarget &target, const QString &onlyState, QWidget *parent)
{
    auto *dialog = new QueuePickerDialog(m_session->client(), tr("Move %1 to:").arg(jobsText(target)), parent);
    connect(dialog, &QDialog::accepted, this, [this, dialog, target, onlyState, parent] {
        run(JobAction::move(dialog->queue(), onlyState), target, parent);
    });
    WindowModal::open(dialog);
}

void ActionCenter::askPriority(const BulkTarget &target, double current, QWidget *parent)
{
    QInputDialog *dialog = WindowModal::input(
        parent, QStringLiteral("priorityInput"), tr("Set priority"),
        tr("&Priority for %1 (higher runs first):").arg(MnemonicText::literal(jobsText(target))));
    dialog->setInputMode(QInputDialog::DoubleInput);
    dialog->setDoubleRange(-1e9, 1e9);
    dialog->setDoubleDecimals(2);
    dialog->setDoubleValue(current);
    connect(dialog, &QInputDialog::doubleValueSelected, this,
            [this, target, parent](double value) { run(JobAction::setPriority(value), target, parent); });
    WindowModal::open(dialog);
}

void ActionCenter::askTags(bool add, const BulkTarget &target, const QStringList &known, QWidget *parent)
{
    QInputDialog *dialog = WindowModal::input(
        parent, add ? QStringLiteral("addTagsInput") : QStringLiteral("removeTagsInput"),
        add ? tr("Add tags") : tr("Remove tags"),
        (add ? tr("&Tags to add to %1 (comma-separated):") : tr("&Tags to remove from %1 (comma-separated):"))
            .arg(MnemonicText::literal(jobsText(target))));
    if (!add && !known.isEmpty()) {
        dialog->setComboBoxItems(known);
        dialog->setComboBoxEditable(true);
    }
    connect(dialog, &QInputDialog::textValueSelected, this, [this, add, target, parent](const QString &text) {
        const QStringList tags = splitTags(text);
        if (tags.isEmpty()) {
            showError(parent, add ? tr("Add tags") : tr("Remove tags"), tr("No tag was given: nothing changed."));
            return;
        }
        run(add ? JobAction::addTags(tags) : JobAction::removeTags(tags), target, parent);
    });
    WindowModal::open(dialog);
}

QAction *ActionCenter::add(QMenu *menu, const QString &text, std::function<void()> triggered)
{
    QAction *action = menu->addAction(text);
    connect(action, &QAction::triggered, this, std::move(triggered));
    guard(action);
    return action;
}

void ActionCenter::addJobActions(QMenu *menu, const BulkTarget &target, const QString &listState, bool anyFailed,
                                 bool anyRunning, const QStringList &knownTags, double priority, QWidget *parent)
{
    if (listState == QLatin1String("complete")) {
        addCompleteJobActions(menu, target, knownTags, parent);
        return;
    }
    const bool group = target.kind == BulkTarget::Kind::FailureGroup;
    QAction *retry = add(menu, group ? tr("Retry all") : tr("Retry"), [this, target, parent] {
        run(JobAction::retry(), target, parent);
    });
    if (!anyFailed && !isReadOnly()) {
        retry->setEnabled(false);
        // A job qless timed out is listed under Waiting and already waits first in line: a retry
        // would add nothing (and its 'failed' guard would skip it), so it is not offered there.
        retry->setToolTip(listState == QLatin1String("waiting")
                              ? tr("Retry is for failed jobs. A job listed here as timed out already waits first "
                                   "in line: the next worker to pop its queue takes it.")
                              : tr("Retry puts failed jobs back into their queue; none is failed here."));
    }
    add(menu, group ? tr("Move all to queue…") : tr("Move to queue…"),
        [this, target, listState, parent] { askMove(target, listState, parent); });
    QMenu *priorities = menu->addMenu(tr("Priority"));
    priorities->setToolTipsVisible(true);
    add(priorities, tr("High (10)"), [this, target, parent] { run(JobAction::setPriority(10), target, parent); });
    add(priorities, tr("Normal (0)"), [this, target, parent] { run(JobAction::setPriority(0), target, parent); });
    add(priorities, tr("Low (-10)"), [this, target, parent] { run(JobAction::setPriority(-10), target, parent); });
    add(priorities, tr("Set…"), [this, target, priority, parent] { askPriority(target, priority, parent); });
    add(menu, tr("Track"), [this, target, parent] { run(JobAction::track(), target, parent); });
    add(menu, tr("Untrack"), [this, target, parent] { run(JobAction::untrack(), target, parent); });
    add(menu, tr("Add tags…"), [this, target, parent] { askTags(true, target, {}, parent); });
    add(menu, tr("Remove tags…"), [this, target, knownTags, parent] { askTags(false, target, knownTags, parent); });
    if (anyRunning)
        add(menu, tr("Time out…"), [this, target, parent] { run(JobAction::timeout(), target, parent); });
    menu->addSeparator();
    add(menu, group ? tr("Cancel all…") : tr("Cancel…"), [this, target, parent] { run(JobAction::cancel(), target, parent); });
}

void ActionCenter::addCompleteJobActions(QMenu *menu, const BulkTarget &target, const QStringList &knownTags,
                                         QWidget *parent)
{
    // What qless does to a complete job: put it into a queue again (it leaves ql:completed and
    // runs anew), track it, tag it. Its cancel skips complete jobs, retry and timeout refuse them,
    // and a priority orders nothing outside a queue: none of those is offered.
    QAction *again = add(menu, tr("Run again in queue…"), [this, target, parent] {
        askMove(target, QStringLiteral("complete"), parent);
    });
    if (!isReadOnly()) // else the tooltip says why it is disabled
        again->setToolTip(tr("Puts the job into a queue as new: it leaves the completed list and waits to run again."));
    add(menu, tr("Track"), [this, target, parent] { run(JobAction::track(), target, parent); });
    add(menu, tr("Untrack"), [this, target, parent] { run(JobAction::untrack(), target, parent); });
    add(menu, tr("Add tags…"), [this, target, parent] { askTags(true, target, {}, parent); });
    add(menu, tr("Remove tags…"), [this, target, knownTags, parent] { askTags(false, target, knownTags, parent); });
}

void ActionCenter::fillJobMenu(QMenu *menu, const JobSelection &selection, QWidget *parent)
{
    menu->setToolTipsVisible(true);
    if (!selection.jobs.isEmpty()) {
        const Job &first = selection.jobs.first();
        if (selection.jobs.size() == 1) {
            const QByteArray jid = first.jid;
            QAction *open = menu->addAction(tr("Open job %1").arg(QString::fromUtf8(jid)));
            connect(open, &QAction::triggered, this, [this, jid] { emit openJobRequested(jid); });
            menu->addSeparator();
        } else {
            menu->addSection(tr("%Ln selected job(s)", nullptr, int(selection.jobs.size())));
        }
        const QString onlyState = selection.listState;
        addJobActions(menu, selection.selected(), onlyState, selection.anyInState(QStringLiteral("failed")),
                      selection.anyInState(QStringLiteral("running")),
                      selection.tags(), selection.jobs.size() == 1 ? first.priority : 0, parent);
        if (selection.jobs.size() == 1 && first.state == QLatin1String("depends") && !first.dependencies.isEmpty()) {
            const Job job = first;
            add(menu, tr("Remove a dependency…"), [this, job, parent] { askRemoveDependency(job, parent); });
        }
        if (selection.jobs.size() == 1) {
            const QByteArray jid = first.jid;
            add(menu, tr("Add note…"), [this, jid, parent] { askAddNote(jid, parent); });
        }
    }
    if (selection.hasAll()) {
        const BulkTarget &all = selection.all;
        QMenu *sub = menu->addMenu(all.kind == BulkTarget::Kind::FailureGroup
                                       ? tr("All %Ln job(s) of group %1", nullptr, int(all.count())).arg(all.group)
                                       : tr("All %Ln job(s) in this list", nullptr, int(all.count())));
        fillAllJobsMenu(sub, selection, parent);
    }
}

void ActionCenter::fillAllJobsMenu(QMenu *menu, const JobSelection &selection, QWidget *parent)
{
    menu->setToolTipsVisible(true);
    const auto holds = [&selection](const char *state) {
        return selection.listState == QLatin1String(state)
            || (selection.holdsState && selection.holdsState(QLatin1String(state)));
    };
    addJobActions(menu, selection.all, selection.listState,
                  selection.all.kind == BulkTarget::Kind::FailureGroup || holds("failed"),
                  holds("running") || holds("stalled"), {}, 0, parent);
}
