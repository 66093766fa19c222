// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobdetaildialog.h"

#include "jobdetailview.h"

#include "actioncenter.h"
#include "dependencygraphwindow.h"
#include "jobjson.h"
#include "jobselection.h"

#include <QAction>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QKeySequence>
#include <QMenu>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

JobDetailDialog::JobDetailDialog(JobDetailReader *reader, QWidget *parent)
    : QDialog(parent)
    , m_view(new JobDetailView(reader, this))
    , m_back(new QPushButton(tr("← &Back"), this))
    , m_actions(new QPushButton(tr("&Actions"), this))
    , m_actionsMenu(new QMenu(this))
    , m_copy(new QPushButton(tr("C&opy"), this))
    , m_copyJid(new QAction(tr("Copy jid"), this))
    , m_copyJson(new QAction(tr("Copy job as JSON"), this))
{
    setModal(false);
    setSizeGripEnabled(true);
    resize(980, 720);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *refreshButton = buttons->addButton(tr("&Refresh"), QDialogButtonBox::ActionRole);
    refreshButton->setToolTip(tr("Read the job again (F5)"));
    m_back->setToolTip(tr("The job shown before this one (Alt+Left)"));
    buttons->addButton(m_back, QDialogButtonBox::ActionRole);
    buttons->addButton(m_copy, QDialogButtonBox::ActionRole);
    buttons->addButton(m_actions, QDialogButtonBox::ActionRole);
    QPushButton *graph = buttons->addButton(tr("&Dependencies…"), QDialogButtonBox::ActionRole);
    graph->setObjectName(QStringLiteral("jobDependenciesButton"));
    graph->setToolTip(tr("The jobs this one waits on and those waiting on it, as a graph"));
    connect(graph, &QPushButton::clicked, this, &JobDetailDialog::openDependencies);
    setUpCopy();
    m_actions->setMenu(m_actionsMenu);
    m_actions->setEnabled(false);
    m_actionsMenu->setObjectName(QStringLiteral("jobDetailActions"));
    connect(m_actionsMenu, &QMenu::aboutToShow, this, [this] {
        m_actionsMenu->clear();
        if (!m_center || !m_view->job())
            return;
        JobSelection selection;
        selection.jobs = {*m_view->job()};
        selection.listState = m_view->job()->state;
        m_center->fillJobMenu(m_actionsMenu, selection, this);
    });
    connect(m_view, &JobDetailView::loaded, this, [this] {
        m_actions->setEnabled(m_center && m_view->job());
        m_copyJson->setEnabled(m_view->job().has_value());
    });
    // A window left open on a job that is gone would show a stale record as if it were live: it
    // closes, and the main window says why (jobGone), so it does not vanish silently.
    connect(m_view, &JobDetailView::vanished, this, [this](const QByteArray &jid) {
        emit jobGone(jid);
        close();
    });
    m_back->setEnabled(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    connect(refreshButton, &QPushButton::clicked, this, &JobDetailDialog::refresh);
    connect(m_back, &QPushButton::clicked, this, &JobDetailDialog::back);
    auto *f5 = new QShortcut(QKeySequence::Refresh, this);
    connect(f5, &QShortcut::activated, this, &JobDetailDialog::refresh);
    auto *altLeft = new QShortcut(QKeySequence::Back, this);
    connect(altLeft, &QShortcut::activated, this, &JobDetailDialog::back);

    connect(m_view, &JobDetailView::openJobRequested, this, &JobDetailDialog::showJob);
    connect(m_view, &JobDetailView::openQueueRequested, this, &JobDetailDialog::openQueueRequested);
    connect(m_view, &JobDetailView::openTagRequested, this, &JobDetailDialog::openTagRequested);
    connect(m_view, &JobDetailView::openWorkerRequested, this, &JobDetailDialog::openWorkerRequested);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
}

void JobDetailDialog::setUpCopy()
{
    auto *menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("jobDetailCopy"));
    m_copyJid->setObjectName(QStringLiteral("copyJidAction"));
    m_copyJid->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_copyJson->setObjectName(QStringLiteral("copyJobJsonAction"));
    m_copyJson->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J));
    m_copyJson->setEnabled(false);
    for (QAction *action : {m_copyJid, m_copyJson}) {
        // In the window, not only in the menu: the shortcuts work while the menu is closed.
        action->setShortcutContext(Qt::WindowShortcut);
        addAction(action);
        menu->addAction(action);
    }
    m_copy->setMenu(menu);
    m_copy->setToolTip(tr("Copy the jid (Ctrl+Shift+C) or the whole job as JSON (Ctrl+Shift+J)"));
    connect(m_copyJid, &QAction::triggered, this,
            [this] { QGuiApplication::clipboard()->setText(QString::fromUtf8(m_view->jid())); });
    connect(m_copyJson, &QAction::triggered, this, [this] {
        if (m_view->job())
            QGuiApplication::clipboard()->setText(QString::fromUtf8(JobJson::toJson(*m_view->job())));
    });
}

void JobDetailDialog::showJob(const QByteArray &jid)
{
    if (!m_view->jid().isEmpty() && m_view->jid() != jid)
        m_trail.append(m_view->jid());
    m_back->setEnabled(!m_trail.isEmpty());
    m_view->showJob(jid);
    updateTitle();
}

void JobDetailDialog::back()
{
    if (m_trail.isEmpty())
        return;
    m_view->showJob(m_trail.takeLast());
    m_back->setEnabled(!m_trail.isEmpty());
    updateTitle();
}

void JobDetailDialog::refresh()
{
    m_view->refresh();
}

void JobDetailDialog::updateTitle()
{
    setWindowTitle(tr("Job %1 — qlessdesk").arg(QString::fromUtf8(m_view->jid())));
}

void JobDetailDialog::openDependencies()
{
    if (!m_center || m_view->jid().isEmpty())
        return;
    auto *window = new DependencyGraphWindow(m_center->session(), m_view->jid(), this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
}

void JobDetailDialog::setActions(ActionCenter *center)
{
    m_center = center;
    m_actions->setEnabled(m_center && m_view->job());
    connect(center, &ActionCenter::changed, this, &JobDetailDialog::refresh);
}
