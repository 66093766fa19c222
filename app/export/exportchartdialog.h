// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QSize>
#include <QStringList>

class QComboBox;
class QSpinBox;

// Which of the Stats page's charts to export or copy, and at what size. The format comes from
// the file name chosen next (or is an image, for the clipboard).
class ExportChartDialog final : public QDialog
{
    Q_OBJECT

public:
    ExportChartDialog(const QString &title, const QStringList &charts, int current, QWidget *parent = nullptr);

    int chartIndex() const;
    QSize chartSize() const;
    void setChartSize(const QSize &size);

private:
    QComboBox *m_chart;
    QSpinBox *m_width;
    QSpinBox *m_height;
};
