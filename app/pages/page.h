// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QWidget>

#include <functional>

class QlessSession;

// One page of the main window (Overview, Queues, Failed, ...). The window refreshes only the
// page on screen: refresh() starts reading what the page shows and calls `done` once every reply
// is in, with ok = false when any failed (the page keeps what it showed), so the window's
// RefreshTimer never overlaps two refreshes. Pages never write
// to Redis themselves; actions go through the typed API from dedicated action code.
class Page : public QWidget
{
    Q_OBJECT

public:
    explicit Page(QlessSession *session, QWidget *parent = nullptr)
        : QWidget(parent)
        , m_session(session)
    {}

    // The name in the navigation list.
    virtual QString title() const = 0;
    // The name with what the page wants known at a glance ("Alerts (3)"); the title by default.
    virtual QString navigationText() const { return title(); }
    virtual void refresh(std::function<void(bool ok)> done) = 0;
    // Whether the navigation lists the page now (a job system's page only while the server
    // holds it); availabilityChanged says when this changes.
    virtual bool isAvailable() const { return true; }

    QlessSession *session() const { return m_session; }

signals:
    // The operator asked for one job's full story (double-click, Enter, a link).
    void openJobRequested(const QByteArray &jid);
    // A page points at another: e.g. the Overview's queue row opens that queue.
    void openQueueRequested(const QString &queue);
    void openFailureGroupRequested(const QString &group);
    void openTagRequested(const QString &tag);
    void openWorkerRequested(const QString &worker);
    // The page saw the pipeline change (the Events page's stream): the page on screen may be
    // stale, and the window refreshes it early (RefreshTimer::refreshSoon).
    void changesSeen();
    // navigationText() reads differently now.
    void navigationTextChanged();
    // isAvailable() answers differently now.
    void availabilityChanged();

private:
    QlessSession *m_session;
};
