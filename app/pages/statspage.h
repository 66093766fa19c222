// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "daystats.h"
#include "page.h"
#include "statsselectionbar.h"
#include "statsseries.h"

#include <QDate>
#include <QSize>
#include <QStringList>

class QComboBox;
class QDateEdit;
class QLabel;
class QTimer;
class ChartExportActions;
class QMenu;
class StatsChart;
class StatsHistory;

// Per-day wait and run times of a queue (or of all queues added up): the day's figures, its two
// histograms, the strip of the last days, a comparison with another day or another queue on the
// same axes, and the export of any chart (PNG, SVG, PDF, CSV, clipboard). Reads only; days that
// have ended are read once (StatsHistory), so a refresh costs today's figures and the queue list.
class StatsPage final : public Page
{
    Q_OBJECT

public:
    using Compare = StatsSelectionBar::Compare;
    enum class Chart { Wait, Run, DailyStrip };

    explicit StatsPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Stats"); }
    void refresh(std::function<void(bool ok)> done) override;

    // The selection; an empty queue means all queues. Each change reads what it needs.
    void setQueue(const QString &queue);
    QString queue() const;
    void setDay(const QDate &day);
    QDate day() const;
    void setCompare(Compare compare);
    void setCompareDay(const QDate &day);
    void setCompareQueue(const QString &queue);
    void setStripKind(StatsSeries::Kind kind);
    StatsSeries::Kind stripKind() const;
    Compare compare() const;
    QString compareQueue() const;

    // The figures on screen: the selected day and, when comparing, the other one.
    DayStats shownStats() const;
    DayStats comparedStats() const;
    // Days in the picker's range that have any figure, for the calendar's bold marks.
    QList<QDate> daysWithData() const;
    int historyDays() const { return m_historyDays; }

    StatsChart *chart(Chart which) const;
    bool exportChart(Chart which, const QString &path, const QSize &size, QString *errorMessage) const;

    QComboBox *queueBox() const { return m_selection->queueBox(); }
    QDateEdit *dayEdit() const { return m_selection->dayEdit(); }
    QLabel *summaryLabel() const { return m_summary; }
    QLabel *errorLabel() const { return m_error; }
    QMenu *exportMenu() const;

signals:
    // The charts and summary show what the last read brought.
    void shown();

private:
    // Reads the figures the selection needs, then shows them; `done` as for refresh().
    void load(std::function<void(bool ok)> done = {});
    void applyQueues(const QStringList &queues);
    // `complete` false while a read is still under way: drawn, but shown() waits for the end.
    void showFigures(const QString &error, bool complete = true);
    QStringList queuesOf(const QString &queue) const;
    QString queueLabel(const QString &queue) const;
    QList<QDate> stripDays() const;
    QDate compareDay() const;
    static QString chartName(Chart which);

    StatsHistory *m_history;
    QStringList m_queues;
    int m_historyDays = 30;
    int m_generation = 0;
    bool m_loading = false; // a read of the selection is under way
    QTimer *m_progressRedraw = nullptr;

    StatsSelectionBar *m_selection = nullptr;
    QComboBox *m_stripKindBox = nullptr;
    ChartExportActions *m_exportActions = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_error = nullptr;
    StatsChart *m_waitChart = nullptr;
    StatsChart *m_runChart = nullptr;
    StatsChart *m_stripChart = nullptr;
};
