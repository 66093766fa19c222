// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobwindows.h"

#include "actioncenter.h"
#include "jobdetaildialog.h"
#include "jobdetailreader.h"
#include "jobdetailview.h"
#include "pagenavigator.h"
#include "qlesssession.h"

#include <QWidget>

namespace {
// How far each new window sits from the last, so a second one does not hide the first exactly.
constexpr int Cascade = 32;
} // namespace

JobWindows::JobWindows(QlessSession *session, QWidget *owner, PageNavigator *navigator)
    : QObject(owner)
    , m_session(session)
    , m_owner(owner)
    , m_navigator(navigator)
{}

JobWindows::~JobWindows()
{
    // They read through the session's client: they must not outlive this session's windows.
    for (const QPointer<JobDetailDialog> &window : std::as_const(m_windows))
        delete window.data();
}

QList<JobDetailDialog *> JobWindows::windows() const
{
    QList<JobDetailDialog *> open;
    for (const QPointer<JobDetailDialog> &window : m_windows) {
        if (window)
            open.append(window);
    }
    return open;
}

JobDetailDialog *JobWindows::windowOf(const QByteArray &jid) const
{
    // By the job each shows now: a window that followed a link to another job is that job's.
    for (JobDetailDialog *window : windows()) {
        if (window->view()->jid() == jid)
            return window;
    }
    return nullptr;
}

JobDetailDialog *JobWindows::open(const QByteArray &jid)
{
    JobDetailDialog *window = windowOf(jid);
    if (!window) {
        const JobDetailDialog *last = m_latest;
        window = create();
        if (last && last->isVisible())
            window->move(last->pos() + QPoint(Cascade, Cascade));
        window->showJob(jid);
    }
    m_latest = window;
    window->show();
    window->raise();
    window->activateWindow();
    return window;
}

JobDetailDialog *JobWindows::create()
{
    auto *window = new JobDetailDialog(new JobDetailReader(m_session->client()), m_owner);
    window->setAttribute(Qt::WA_DeleteOnClose);
    // Esc rejects a dialog, which only hides it: a hidden job window would still be read on
    // every tick, so it goes like a closed one.
    connect(window, &QDialog::finished, window, &QObject::deleteLater);
    window->setActions(ActionCenter::of(m_session));
    connect(window, &JobDetailDialog::openQueueRequested, m_navigator, &PageNavigator::openQueue);
    connect(window, &JobDetailDialog::openTagRequested, m_navigator, &PageNavigator::openTag);
    connect(window, &JobDetailDialog::openWorkerRequested, m_navigator, &PageNavigator::openWorker);
    connect(window, &JobDetailDialog::jobGone, this, &JobWindows::jobGone);
    m_windows.removeAll(nullptr);
    m_windows.append(window);
    return window;
}

void JobWindows::refreshAll()
{
    for (JobDetailDialog *window : windows()) {
        if (window->isVisible() && !window->view()->isLoading())
            window->refresh();
    }
}
