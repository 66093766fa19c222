// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDialog>

class ActionCenter;
class GraphView;
class QLabel;
class QMenu;
class QPushButton;
class QlessDependencyReader;
class QlessSession;

// A qless job's dependency graph in a window of its own (opened from the job window): the jobs it
// waits on above it, those waiting on it below, read by QlessDependencyReader within its limits,
// which the header states together with anything they cut. A node opens in its job window
// (double-click, Enter) and offers the job actions of the session's ActionCenter in its context
// menu; after a write the graph is read again. Closing the window stops the read.
class DependencyGraphWindow final : public QDialog
{
    Q_OBJECT

public:
    // Reads `jid`'s graph through `session`'s client; acts through its ActionCenter.
    DependencyGraphWindow(QlessSession *session, const QByteArray &jid, QWidget *parent = nullptr);
    ~DependencyGraphWindow() override;

    // Reads the graph again (F5), keeping the zoom and place.
    void refresh();
    // Shows another job's graph in this window.
    void showJob(const QByteArray &jid);

    GraphView *view() const { return m_view; }
    QlessDependencyReader *reader() const { return m_reader; }
    QLabel *summaryLabel() const { return m_summary; }
    QLabel *cutLabel() const { return m_cut; }
    QLabel *legendLabel() const { return m_legend; }

signals:
    // The graph on screen is the one last read (also after a failed read).
    void loaded();

private:
    void fillMenu(QMenu *menu, const QString &id);
    void showRead();
    void showSummary();

    QlessSession *m_session;
    ActionCenter *m_center;
    QlessDependencyReader *m_reader;
    QByteArray m_jid;
    bool m_keepView = false;
    GraphView *m_view;
    QLabel *m_summary;
    QLabel *m_cut;
    QLabel *m_legend;
    QPushButton *m_refresh;
};
