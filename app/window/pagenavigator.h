// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

class MainWindow;

// Takes the window to what a link names: a queue on the Queues page, a tag on Tags, a failure
// group on Failed, a worker on Workers (from any page, a job window or the search field); the
// Alerts page from a notification; a bulk run's row in Activity.
class PageNavigator final : public QObject
{
    Q_OBJECT

public:
    explicit PageNavigator(MainWindow *window);

    void openQueue(const QString &queue);
    void openTag(const QString &tag);
    void openFailureGroup(const QString &group);
    void openWorker(const QString &worker);
    void openAlerts();
    // The Activity page with a bulk run's row selected (a History mark's link).
    void openActivityRun(const QString &run, qint64 timeMs);

private:
    // The window's page of class P, put on screen; null when the window has none.
    template<typename P>
    P *show() const;

    MainWindow *m_window;
};
