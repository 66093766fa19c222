// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QWidget>

class FailureTimingReader;
class QLabel;
class QPushButton;
class QlessSession;

// One line under a failure group's heading: how long its jobs waited and ran before failing
// (median and longest), measured on demand from the histories of the group's newest jobs, with
// the sample's size said beside the figures. Reading whole jobs costs Redis what their data
// holds, so nothing is read until the operator asks (Measure), and a new group clears the line.
class FailureTimingView final : public QWidget
{
    Q_OBJECT

public:
    explicit FailureTimingView(QlessSession *session, QWidget *parent = nullptr);

    void setGroup(const QString &group);
    void measure();

    FailureTimingReader *reader() const { return m_reader; }
    QLabel *label() const { return m_label; }
    QPushButton *measureButton() const { return m_measure; }

private:
    void showResult(bool ok, const QString &error);

    FailureTimingReader *m_reader;
    QString m_group;
    QLabel *m_label;
    QPushButton *m_measure;
};
