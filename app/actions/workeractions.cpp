#include "workeractions.h"

#include "actioncenter.h"
#include "durationtext.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "workerlistmodel.h"

#include <QAbstractItemView>
#include <QAction>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QPointer>

#include <algorithm>

namespace {
QString workersText(const QStringList &workers)
{
    if (workers.size() == 1)
        return WorkerActions::tr("worker %1").arg(workers.first());
    const QStringList shown = workers.mid(0, 8);
    QString names = shown.join(QStringLiteral(", "));
    if (workers.size() > shown.size())
        names += WorkerActions::tr(" and %1 more").arg(QLocale().toString(workers.size() - shown.size()));
    return WorkerActions::tr("%1 workers (%2)").arg(QLocale().toString(workers.size()), names);
}
} // namespace

WorkerActions::WorkerActions(QlessSession *session)
    : QObject(session)
    , m_session(session)
    , m_center(ActionCenter::of(session))
{
    setObjectName(QStringLiteral("workerActions"));
}

WorkerActions *WorkerActions::of(QlessSession *session)
{
    auto *actions = session->findChild<WorkerActions *>(QStringLiteral("workerActions"), Qt::FindDirectChildrenOnly);
    return actions ? actions : new WorkerActions(session);
}

QStringList WorkerActions::idleFor(const QList<WorkerSummary> &rows, double seconds, double now)
{
    QList<WorkerSummary> idle;
    for (const WorkerSummary &row : rows) {
        if (now - row.lastSeen > seconds)
            idle << row;
    }
    std::sort(idle.begin(), idle.end(), [](const WorkerSummary &a, const WorkerSummary &b) { return a.lastSeen < b.lastSeen; });
    QStringList names;
    for (const WorkerSummary &row : idle)
        names << row.name;
    return names;
}

void WorkerActions::install(QAbstractItemView *view, const WorkerListModel *model)
{
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(view, &QWidget::customContextMenuRequested, view, [this, view, model](const QPoint &at) {
        const QModelIndex clicked = view->indexAt(at);
        if (clicked.isValid() && !view->selectionModel()->isRowSelected(clicked.row(), clicked.parent())) {
            view->selectionModel()->select(clicked, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            view->selectionModel()->setCurrentIndex(clicked, QItemSelectionModel::NoUpdate);
        }
        QStringList selected;
        for (const QModelIndex &index : view->selectionModel()->selectedRows())
            selected << index.data(WorkerListModel::KeyRole).toString();
        if (model->rowCount() == 0)
            return;
        auto *menu = new QMenu(view);
        menu->setObjectName(QStringLiteral("workerActionsMenu"));
        menu->setAttribute(Qt::WA_DeleteOnClose);
        fillMenu(menu, selected, model, view->window());
        menu->popup(view->viewport()->mapToGlobal(at));
    });
}

void WorkerActions::fillMenu(QMenu *menu, const QStringList &selected, const WorkerListModel *model, QWidget *parent)
{
    menu->setToolTipsVisible(true);
    if (!selected.isEmpty()) {
        QAction *one = menu->addAction(selected.size() == 1 ? tr("Deregister…")
                                                            : tr("Deregister %1 workers…").arg(selected.size()));
        connect(one, &QAction::triggered, this, [this, selected, parent] { deregister(selected, parent); });
        m_center->guard(one);
    }
    QAction *idle = menu->addAction(tr("Deregister all idle for longer than…"));
    connect(idle, &QAction::triggered, this, [this, model, parent] { askDeregisterIdle(model, parent); });
    m_center->guard(idle);
}

void WorkerActions::deregister(const QStringList &workers, QWidget *parent)
{
    const QString title = tr("Deregister workers");
    if (m_center->refuseReadOnly(parent, title))
        return;
    if (workers.isEmpty())
        return;
    const QString text = tr("Deregister %1?\n\nThey leave the workers list. Jobs they hold stay as they are; "
                            "a worker still alive registers again when it next asks for work.")
                             .arg(workersText(workers));
    m_center->confirm(parent, title, text, tr("Deregister"), true, [this, workers, title, parent] {
        m_session->client()->deregisterWorkers(workers, this, [this, workers, title, where = QPointer<QWidget>(parent)](const QlessReply<bool> &reply) {
            AuditRecord record;
            record.action = QStringLiteral("deregister workers");
            record.arguments.insert(QStringLiteral("workers"), QJsonArray::fromStringList(workers));
            record.count = 0;
            record.outcome = reply.ok() ? QStringLiteral("done") : QStringLiteral("failed");
            record.message = reply.ok() ? tr("%1 deregistered").arg(workersText(workers)) : reply.error.message;
            m_center->finishWrite(where, title, record, ActionCenter::Report::Failure);
        });
    });
}

QPushButton *WorkerActions::makeDeregisterIdleButton(const WorkerListModel *model, QWidget *parent)
{
    auto *button = new QPushButton(tr("Deregister idle…"), parent);
    button->setObjectName(QStringLiteral("deregisterIdleButton"));
    button->setToolTip(tr("Deregister every worker not seen for longer than a time you choose "
                          "(the count is shown first)."));
    m_center->guard(button);
    connect(button, &QPushButton::clicked, this, [this, model, button] { askDeregisterIdle(model, button->window()); });
    return button;
}

void WorkerActions::askDeregisterIdle(const WorkerListModel *model, QWidget *parent)
{
    const QString title = tr("Deregister idle workers");
    if (m_center->refuseReadOnly(parent, title))
        return;
    auto *dialog = new QInputDialog(parent);
    dialog->setObjectName(QStringLiteral("idleMinutesInput"));
    dialog->setWindowTitle(title);
    dialog->setLabelText(tr("&Deregister every worker not seen for longer than (minutes):"));
    dialog->setInputMode(QInputDialog::IntInput);
    dialog->setIntRange(1, 60 * 24 * 365);
    dialog->setIntValue(60);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    const QPointer<const WorkerListModel> from(model);
    connect(dialog, &QInputDialog::intValueSelected, this, [this, from, title, where = QPointer<QWidget>(parent)](int minutes) {
        if (!from)
            return;
        const double seconds = minutes * 60.0;
        const QStringList idle = idleFor(from->rows(), seconds, m_session->client()->now());
        if (idle.isEmpty()) {
            m_center->showResult(where, title, tr("No worker listed was idle for longer than %1: nothing to do.")
                                                   .arg(DurationText::format(seconds)), false);
            return;
        }
        deregister(idle, where);
    });
    dialog->open();
}
